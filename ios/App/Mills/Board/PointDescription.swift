import Foundation
import MillsCore

/// The VoiceOver label of a point, e.g. "d6, your piece, can move".
struct PointDescription {
    let point: PointState
    /// nil under review: no point can be acted on.
    let next: NextStep?
    let names: PlayerNames
    /// The point took part in the last turn.
    let isLastTurn: Bool
    /// The hint shown on the board, if any.
    var hint: Hint?

    var label: String {
        var parts = [point.name, owner]
        if point.selected {
            parts.append(String(localized: "point_selected"))
        }
        if point.inMill {
            parts.append(String(localized: "point_in_mill"))
        }
        if isLastTurn {
            parts.append(String(localized: "point_last_turn"))
        }
        if point.target, let targetHint = next?.targetHint, !targetHint.isEmpty {
            parts.append(targetHint)
        }
        if let hintRole {
            parts.append(hintRole)
        }
        return parts.joined(separator: String(localized: "list_separator"))
    }

    /// What the hint asks of this point: move this piece, play here, take this piece.
    private var hintRole: String? {
        guard let hint else { return nil }
        if hint.removals.contains(point.name) { return String(localized: "point_hint_removal") }
        if hint.destination == point.name { return String(localized: "point_hint_destination") }
        if hint.piece == point.name { return String(localized: "point_hint_piece") }
        return nil
    }

    private var owner: String {
        guard let player = point.owner else { return String(localized: "point_empty") }
        guard let human = names.human else {
            return player == .p1 ? String(localized: "point_white_piece") : String(localized: "point_black_piece")
        }
        return player == human ? String(localized: "point_your_piece") : String(localized: "point_computer_piece")
    }
}
