import MillsCore
import Foundation

/// Where a review is, for the status line and VoiceOver: "After turn 9 of 10: White
/// a7xg1" over "Black to play" (or "Start of the game (10 turns)", "Final position"). The
/// sides are named by colour, as the board shows them.
struct ReviewText {
    let position: ReviewPosition
    /// The move list, for the notation of the turn shown.
    let turns: [TurnEntry]

    /// The move list entry the position highlights, if any.
    private var shownTurn: TurnEntry? {
        let index = Int(position.turn) - 1
        return turns.indices.contains(index) ? turns[index] : nil
    }

    /// The turn shown, in the engine's notation.
    var caption: String {
        sentence(notation: shownTurn?.notation ?? "")
    }

    /// Who plays next there, or that it is the end of the game.
    var toPlay: String {
        position.outcome != nil
            ? String(localized: "review_final")
            : String(localized: "review_to_play \(PlayerNames.colour(position.toMove))")
    }

    /// What VoiceOver reads after a step: the turn's actions one by one ("a7, xg1").
    var spoken: String {
        sentence(notation: position.lastTurn.joined(separator: String(localized: "list_separator")))
    }

    private func sentence(notation: String) -> String {
        guard position.turn > 0 else {
            return String(localized: "review_start \(Int(position.turns))")
        }
        let player = position.lastTurnPlayer ?? shownTurn?.player ?? position.toMove
        return String(
            localized: "review_after_turn \(Int(position.turn)) \(Int(position.turns)) \(PlayerNames.colour(player)) \(notation)"
        )
    }
}
