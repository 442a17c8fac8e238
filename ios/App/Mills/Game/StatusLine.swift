import MillsCore
import SwiftUI

/// Under the board: whose turn it is and what to do, or for a few seconds a notice (a
/// refused tap, a turn that timed out); the hint in words while one is shown; under
/// review, the turn shown.
struct StatusLine: View {
    let model: GameModel

    var body: some View {
        VStack(spacing: 2) {
            turn
                .font(.headline)
            detail
                .font(.callout)
                .foregroundStyle(model.notice == nil ? Color.secondary : Color.orange)
        }
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 48)
        .contentShape(Rectangle())
        .onTapGesture { model.dismissNotice() }
        .animation(.default, value: model.notice)
        .accessibilityElement(children: .combine)
    }

    private var reviewText: ReviewText? {
        model.review.position.map { ReviewText(position: $0, turns: model.review.turns) }
    }

    private var turn: Text {
        if let reviewText {
            return reviewText.caption
        }
        let snapshot = model.snapshot
        if let result = snapshot.outcome {
            return model.names.headline(for: result)
        }
        if snapshot.computerThinking {
            return Text("turn_computer")
        }
        if let human = model.humanPlayer {
            return human == snapshot.toMove ? Text("turn_yours") : Text("turn_computer")
        }
        return Text("turn_player \(Text(model.names.name(snapshot.toMove)))")
    }

    private var detail: Text {
        if let notice = model.notice {
            return noticeText(notice)
        }
        if let reviewText {
            return reviewText.toPlay
        }
        if model.advisor.isHinting {
            return Text("hint_searching")
        }
        if let hint = model.advisor.hint {
            return Text(verbatim: hint.sentence(next: model.snapshot.next))
        }
        if model.snapshot.computerThinking {
            return Text("prompt_thinking")
        }
        return Text(model.snapshot.next.prompt)
    }

    private func noticeText(_ notice: GameNotice) -> Text {
        switch notice {
        case .refused(let refusal): Text(refusal.message)
        case .timedOut(let player): Text("announce_timed_out \(Text(model.names.name(player)))")
        case .saveFailed: Text("announce_save_failed")
        case .failure(let message): Text(verbatim: message)
        }
    }
}
