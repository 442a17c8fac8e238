import MillsCore
import Foundation

extension NextStep {
    /// What the side to move is asked to do, for the status line.
    var prompt: String {
        switch self {
        case .place: String(localized: "prompt_place")
        case .pickPiece: String(localized: "prompt_pick")
        case .stepAfterPull(nil): String(localized: "prompt_step_after_pull")
        case .pickDestination(let from): String(localized: "prompt_destination \(from)")
        case .stepAfterPull(let from?): String(localized: "prompt_destination \(from)")
        case .pin(let remaining):
            remaining > 1 ? String(localized: "prompt_pin_more \(Int(remaining))") : String(localized: "prompt_pin")
        case .capture(let remaining):
            remaining > 1 ? String(localized: "prompt_capture_more \(Int(remaining))") : String(localized: "prompt_capture")
        case .pull: String(localized: "prompt_pull")
        case .gameOver: String(localized: "prompt_game_over")
        }
    }

    /// The spoken hint of a point that a tap would act on, e.g. "can move".
    var targetHint: String {
        switch self {
        case .place: String(localized: "point_can_place")
        case .pickPiece, .stepAfterPull(nil): String(localized: "point_can_move")
        case .pickDestination, .stepAfterPull: String(localized: "point_can_move_here")
        case .pin: String(localized: "point_can_pin")
        case .capture: String(localized: "point_can_capture")
        case .pull: String(localized: "point_can_pull")
        case .gameOver: ""
        }
    }
}
