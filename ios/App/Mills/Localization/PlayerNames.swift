import Foundation
import MillsCore

/// How the two sides are called: "You" and "Computer" against the computer, "You" and the
/// friend's name online, "White" (P1) and "Black" (P2) in pass-and-play.
struct PlayerNames {
    /// The human's side against the computer, or this device's side online; nil in
    /// pass-and-play.
    let human: Player?
    /// What the other side is called when it is not the computer (an online opponent).
    var other: String?

    func name(_ player: Player) -> String {
        guard let human else { return Self.colour(player) }
        return player == human ? String(localized: "player_you") : other ?? String(localized: "player_computer")
    }

    /// A side by its colour whoever plays it, "White" (P1) or "Black" (P2): the review and
    /// the evaluation bar speak of the board.
    static func colour(_ player: Player) -> String {
        player == .p1 ? String(localized: "player_white") : String(localized: "player_black")
    }

    /// The result in a few words: "You win!", "Black wins!", "Draw".
    func headline(for result: Outcome) -> String {
        guard let winner = result.winner else { return String(localized: "result_draw") }
        guard let human else { return String(localized: "result_player_wins \(name(winner))") }
        return winner == human ? String(localized: "result_you_win") : String(localized: "result_you_lose")
    }

    /// Why the game ended, naming the sides.
    func explanation(for result: Outcome) -> String {
        let winner = result.winner ?? .p1
        let loser: Player = winner == .p1 ? .p2 : .p1
        return result.reason.explanation(winner: name(winner), loser: name(loser))
    }
}

extension GameModel {
    var names: PlayerNames { PlayerNames(human: humanPlayer) }
}
