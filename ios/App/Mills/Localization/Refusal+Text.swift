import MillsCore
import SwiftUI

extension Refusal {
    /// Why a tap did nothing, for the notice under the board.
    var message: LocalizedStringKey {
        switch self {
        case .gameOver: "refuse_game_over"
        case .computerThinking: "refuse_thinking"
        case .occupied(let point): "refuse_occupied \(point)"
        case .noPieceThere(let point): "refuse_no_piece \(point)"
        case .notYourPiece(let point): "refuse_not_yours \(point)"
        case .cannotMove(let point): "refuse_cannot_move \(point)"
        case .notAdjacent(let from, let to): "refuse_not_adjacent \(from) \(to)"
        case .notOpponentPiece: "refuse_not_opponent"
        case .inMill(let point): "refuse_in_mill \(point)"
        case .notNextToYours: "refuse_not_next_to_yours"
        case .illegal: "refuse_illegal"
        }
    }
}
