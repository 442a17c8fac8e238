import Foundation
import MillsCore

/// The status line under the board, in words: whose turn it is (the result once the game
/// is over, the turn shown under review) over what to do (for a few seconds a notice: a
/// refused tap, a turn that timed out; the hint while one is shown; under review, who plays
/// next there).
struct GameStatus: Equatable {
    let turn: String
    let detail: String
    /// The detail is a notice, drawn as a warning.
    let isNotice: Bool
}

extension GameModel {
    var status: GameStatus {
        let reviewText = review.position.map { ReviewText(position: $0, turns: review.turns) }
        return GameStatus(
            turn: reviewText?.caption ?? liveTurn,
            detail: notice.map(noticeText) ?? reviewText?.toPlay ?? liveDetail,
            isNotice: notice != nil
        )
    }

    private var liveTurn: String {
        if let result = snapshot.outcome {
            return names.headline(for: result)
        }
        if snapshot.computerThinking {
            return String(localized: "turn_computer")
        }
        if let humanPlayer {
            return humanPlayer == snapshot.toMove ? String(localized: "turn_yours") : String(localized: "turn_computer")
        }
        return String(localized: "turn_player \(names.name(snapshot.toMove))")
    }

    private var liveDetail: String {
        if advisor.isHinting {
            return String(localized: "hint_searching")
        }
        if let hint = advisor.hint {
            return hint.sentence(next: snapshot.next)
        }
        if snapshot.computerThinking {
            return String(localized: "prompt_thinking")
        }
        return snapshot.next.prompt
    }

    private func noticeText(_ notice: GameNotice) -> String {
        switch notice {
        case .refused(let refusal): refusal.message
        case .timedOut(let player): String(localized: "announce_timed_out \(names.name(player))")
        case .saveFailed: String(localized: "announce_save_failed")
        case .failure(let message): message
        }
    }
}
