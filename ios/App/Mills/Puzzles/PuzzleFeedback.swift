import MillsCore
import SwiftUI

/// Under the board: what the engine said about the last turn (right, with the turns left; a
/// wrong turn and what it allows; solved, or a tactic's goal reached; a refused tap) or else what to do next, and the
/// hint once asked for.
struct PuzzleFeedback: View {
    let model: PuzzleModel

    var body: some View {
        VStack(spacing: 6) {
            if let message = model.message {
                messageView(message)
            } else {
                Text(model.snapshot.next.prompt)
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
            if let hint = model.hint, !model.isFinished {
                Label {
                    Text(verbatim: hint.sentence(next: model.snapshot.next))
                } icon: {
                    Image(systemName: "lightbulb")
                        .foregroundStyle(.yellow)
                }
                .font(.callout)
            }
            if model.statsNotSaved {
                Text("puzzle_stats_not_saved")
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 48)
        .animation(.default, value: model.message)
    }

    @ViewBuilder
    private func messageView(_ message: PuzzleMessage) -> some View {
        switch message {
        case .right(let turnsLeft):
            Label {
                Text(verbatim: PuzzleText.right(turnsLeft: turnsLeft))
            } icon: {
                Image(systemName: "checkmark.circle")
                    .foregroundStyle(.green)
            }
            .font(.callout)
        case .wrong(let consequence):
            verdict(PuzzleText.wrong(kind: model.puzzle.kind), systemImage: "xmark.circle.fill", color: .orange, text: consequence)
        case .solved(let firstAttempt):
            Label {
                Text(verbatim: PuzzleText.solved(firstAttempt: firstAttempt, kind: model.puzzle.kind))
            } icon: {
                Image(systemName: "checkmark.seal.fill")
            }
            .font(.headline)
            .foregroundStyle(.green)
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

    /// A verdict's heading with its icon, and the sentence under it.
    private func verdict(_ title: String, systemImage: String, color: Color, text: String) -> some View {
        VStack(spacing: 2) {
            Label {
                Text(verbatim: title)
            } icon: {
                Image(systemName: systemImage)
            }
                .font(.headline)
                .foregroundStyle(color)
            Text(verbatim: text)
                .font(.callout)
                .fixedSize(horizontal: false, vertical: true)
        }
        .accessibilityElement(children: .combine)
    }
}
