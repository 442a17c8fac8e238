import Foundation
import MillsCore

extension MillsError {
    /// What went wrong, in the app's language, for every error the engine reports. The
    /// generated `localizedDescription` is `String(reflecting:)` of the case, meant for
    /// developers; the `reason` fields (a parser's or the file system's English) are not
    /// shown to players either.
    var localizedMessage: String {
        switch self {
        case .InvalidPoint(let point):
            String(localized: "error_invalid_point \(point)")
        case .InvalidLevel(let level):
            String(localized: "error_invalid_level \(Int(level))")
        case .GameOver:
            String(localized: "error_game_over")
        case .NothingToUndo:
            String(localized: "error_nothing_to_undo")
        case .NothingToRedo:
            String(localized: "error_nothing_to_redo")
        case .NotComputersTurn:
            String(localized: "error_not_computers_turn")
        case .CorruptSave:
            String(localized: "error_corrupt_save")
        case .UnknownSaveVersion(let found, _):
            String(localized: "error_unknown_save_version \(Int(clamping: found))")
        case .IllegalSavedAction(let index, let action, _):
            // counted from 1 for people (the engine counts from 0)
            String(localized: "error_illegal_saved_action \(Int(clamping: index) + 1) \(action)")
        case .Io:
            String(localized: "error_io")
        case .NotAvailable:
            String(localized: "error_not_available")
        case .Internal:
            String(localized: "error_internal")
        case .SessionClosed:
            String(localized: "error_session_closed")
        case .SaveTooLarge:
            String(localized: "error_save_too_large")
        case .NotARegularFile:
            String(localized: "error_not_a_regular_file")
        }
    }
}

/// The message to show for an error thrown by a call into the engine.
func userMessage(for error: any Error) -> String {
    (error as? MillsError)?.localizedMessage ?? error.localizedDescription
}
