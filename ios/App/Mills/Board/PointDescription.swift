import MillsCore

/// The VoiceOver label of a point, e.g. "d6, your piece, can move".
struct PointDescription {
    let point: PointState
    let next: NextStep
    let names: PlayerNames
    /// The point took part in the last turn.
    let isLastTurn: Bool

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
        if point.target, !next.targetHint.isEmpty {
            parts.append(next.targetHint)
        }
        return parts.joined(separator: String(localized: "list_separator"))
    }

    private var owner: String {
        guard let player = point.owner else { return String(localized: "point_empty") }
        guard let human = names.human else {
            return player == .p1 ? String(localized: "point_white_piece") : String(localized: "point_black_piece")
        }
        return player == human ? String(localized: "point_your_piece") : String(localized: "point_computer_piece")
    }
}
