import Foundation
import MillsCore

/// What VoiceOver reads for a row of the move list.
enum MoveListText {
    /// "Turn 9, White: a7, xg1", with how it ended when that is news, and whether it is the
    /// current turn (or the one on the board, under review).
    static func label(of turn: TurnEntry, names: PlayerNames, isHighlighted: Bool, isReviewing: Bool) -> String {
        let separator = String(localized: "list_separator")
        let actions = turn.end == .resignation
            ? String(localized: "moves_resigned")
            : turn.actions.joined(separator: separator)
        var parts = [String(localized: "moves_row \(Int(turn.index) + 1) \(names.name(turn.player)) \(actions)")]
        switch turn.end {
        case .timerPass: parts.append(String(localized: "moves_timer_pass"))
        case .inProgress: parts.append(String(localized: "moves_in_progress"))
        case .complete, .resignation: break
        }
        if isHighlighted {
            parts.append(isReviewing ? String(localized: "moves_shown") : String(localized: "moves_current"))
        }
        return parts.joined(separator: separator)
    }

    /// The turn being played that has no action yet: "Turn 11, White: to play, current turn".
    static func nextLabel(number: Int, player: Player, names: PlayerNames, isHighlighted: Bool) -> String {
        let toPlay = String(localized: "moves_to_play")
        let row = String(localized: "moves_row \(number) \(names.name(player)) \(toPlay)")
        return isHighlighted
            ? [row, String(localized: "moves_current")].joined(separator: String(localized: "list_separator"))
            : row
    }
}
