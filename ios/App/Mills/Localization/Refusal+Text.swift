import Foundation
import MillsCore

extension Refusal {
    /// Why a tap did nothing, for the notice under the board.
    var message: String {
        switch self {
        case .gameOver: String(localized: "refuse_game_over")
        case .computerThinking: String(localized: "refuse_thinking")
        case .occupied(let point): String(localized: "refuse_occupied \(point)")
        case .noPieceThere(let point): String(localized: "refuse_no_piece \(point)")
        case .notYourPiece(let point): String(localized: "refuse_not_yours \(point)")
        case .cannotMove(let point): String(localized: "refuse_cannot_move \(point)")
        case .notAdjacent(let from, let to): String(localized: "refuse_not_adjacent \(from) \(to)")
        case .notOpponentPiece: String(localized: "refuse_not_opponent")
        case .inMill(let point): String(localized: "refuse_in_mill \(point)")
        case .notNextToYours: String(localized: "refuse_not_next_to_yours")
        case .illegal: String(localized: "refuse_illegal")
        }
    }
}
