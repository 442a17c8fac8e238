import MillsCore
import SwiftUI

/// Under the board: what the lesson said about the last try (why a wrong answer is wrong,
/// "not this time", a refused tap, the solved message) or else what to do next, and the
/// hint once asked for.
struct LessonFeedback: View {
    let model: LessonModel

    var body: some View {
        VStack(spacing: 6) {
            if let message = model.message {
                messageView(message)
            } else {
                Text(model.snapshot.next.prompt)
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
            if model.showsHint, !model.isSolved {
                Label {
                    Text(verbatim: model.lesson.hint)
                } icon: {
                    Image(systemName: "lightbulb")
                        .foregroundStyle(.yellow)
                }
                .font(.callout)
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text("lesson_hint_text \(model.lesson.hint)"))
            }
            if model.progressNotSaved {
                Text("lessons_progress_not_saved")
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 48)
        .animation(.default, value: model.message)
    }

    @ViewBuilder
    private func messageView(_ message: LessonMessage) -> some View {
        switch message {
        case .wrong(let explanation):
            verdict("lesson_wrong", systemImage: "xmark.circle.fill", color: .orange, text: explanation)
        case .notThisTime(let text):
            // the engine's message says "Not this time" itself
            Label {
                Text(verbatim: text)
                    .fixedSize(horizontal: false, vertical: true)
            } icon: {
                Image(systemName: "arrow.uturn.backward.circle.fill")
                    .foregroundStyle(.orange)
            }
            .font(.callout)
        case .solved(let text):
            verdict("lesson_solved", systemImage: "checkmark.seal.fill", color: .green, text: text)
        case .refused(let refusal):
            Text(refusal.message)
                .font(.callout)
                .foregroundStyle(.orange)
        case .failure(let text):
            Text(verbatim: text)
                .font(.callout)
                .foregroundStyle(.red)
        }
    }

    /// A verdict's heading with its icon, and the engine's sentence under it.
    private func verdict(_ title: LocalizedStringKey, systemImage: String, color: Color, text: String) -> some View {
        VStack(spacing: 2) {
            Label(title, systemImage: systemImage)
                .font(.headline)
                .foregroundStyle(color)
            Text(verbatim: text)
                .font(.callout)
                .fixedSize(horizontal: false, vertical: true)
        }
        .accessibilityElement(children: .combine)
    }
}
