import Foundation
import MillsCore

extension Verdict {
    /// The evaluation bar's words ("White is better", "Black wins in 7 turns", "Draw"),
    /// from the engine's verdict. The sides are named by colour, whoever plays them.
    var words: String {
        switch self {
        case .equal:
            String(localized: "eval_level")
        case .slightlyBetter(let player):
            String(localized: "eval_slightly_better \(PlayerNames.colour(player))")
        case .better(let player):
            String(localized: "eval_better \(PlayerNames.colour(player))")
        case .winning(let player):
            String(localized: "eval_winning \(PlayerNames.colour(player))")
        case .forcedWin(let player):
            String(localized: "eval_forced_win \(PlayerNames.colour(player))")
        case .exactWin(let player, 0):
            String(localized: "eval_won \(PlayerNames.colour(player))")
        case .exactWin(let player, 1):
            String(localized: "eval_exact_win_one \(PlayerNames.colour(player))")
        case .exactWin(let player, let turns):
            String(localized: "eval_exact_win \(PlayerNames.colour(player)) \(Int(turns))")
        case .exactDraw:
            String(localized: "eval_draw")
        }
    }
}
