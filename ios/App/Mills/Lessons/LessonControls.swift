import SwiftUI

/// Hint and Try again; once the lesson is solved, Next (or back to the course after the
/// last lesson) as the prominent button.
struct LessonControls: View {
    let model: LessonModel
    let onBack: () -> Void

    var body: some View {
        HStack(spacing: 8) {
            control("lesson_hint", systemImage: "lightbulb", enabled: !model.showsHint && !model.isSolved) {
                model.showHint()
            }
            control("lesson_try_again", systemImage: "arrow.counterclockwise", enabled: true) {
                model.tryAgain()
            }
            if model.isSolved {
                if model.nextLesson != nil {
                    control("lesson_next", systemImage: "arrow.right", enabled: true, prominent: true) {
                        model.openNext()
                    }
                }
                control(
                    "lesson_all",
                    systemImage: "list.bullet",
                    enabled: true,
                    prominent: model.nextLesson == nil
                ) {
                    onBack()
                }
            }
        }
        .labelStyle(.verticalIfRoomy)
        .animation(.default, value: model.isSolved)
    }

    @ViewBuilder
    private func control(
        _ title: LocalizedStringKey,
        systemImage: String,
        enabled: Bool,
        prominent: Bool = false,
        action: @escaping () -> Void
    ) -> some View {
        let button = Button {
            action()
        } label: {
            Label(title, systemImage: systemImage)
                .frame(maxWidth: .infinity)
        }
        .disabled(!enabled)
        .accessibilityLabel(Text(title))
        if prominent {
            button.buttonStyle(.borderedProminent)
        } else {
            button.buttonStyle(.bordered)
        }
    }
}
