import SwiftUI

/// Hint, Retry and, once the puzzle is over, Next as the prominent button when there is a
/// next one.
struct PuzzleControls: View {
    let model: PuzzleModel

    var body: some View {
        HStack(spacing: 8) {
            control("puzzle_hint", systemImage: "lightbulb", enabled: !model.isFinished) {
                model.showHint()
            }
            control("puzzle_retry", systemImage: "arrow.counterclockwise", enabled: true) {
                model.retry()
            }
            if model.isFinished, model.nextPuzzle != nil {
                control("puzzle_next", systemImage: "arrow.right", enabled: true, prominent: true) {
                    model.openNext()
                }
            }
        }
        .labelStyle(.verticalIfRoomy)
        .animation(.default, value: model.isFinished)
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
