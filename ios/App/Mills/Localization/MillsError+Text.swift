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
        case .NoSuchTurn(let turn, _):
            // turns counted from 1 for people (the engine's turn indices count from 0)
            String(localized: "error_no_such_turn \(Int(turn) + 1)")
        case .InvalidRecord(let kind, let turn, _):
            kind.localizedMessage(turn: turn.map { Int($0) })
        case .InvalidTableSize(let pieces, _, _):
            String(localized: "error_invalid_table_size \(Int(pieces))")
        case .TablesNotReady:
            String(localized: "error_tables_not_ready")
        case .InvalidDate:
            String(localized: "error_invalid_date")
        case .InvalidServer:
            String(localized: "error_invalid_server")
        case .InvalidInvite:
            String(localized: "error_invalid_invite")
        }
    }
}

extension RecordErrorKind {
    /// A refused game record, by what is wrong with it (`turn` is already counted from 1).
    func localizedMessage(turn: Int?) -> String {
        switch self {
        case .notARecord:
            String(localized: "error_record_not_a_record")
        case .unsupportedVersion:
            String(localized: "error_record_version")
        case .tooLong:
            String(localized: "error_record_too_long")
        case .truncated:
            String(localized: "error_record_truncated")
        case .badHeader:
            String(localized: "error_record_bad_header")
        case .unknownGame:
            String(localized: "error_record_unknown_game")
        case .illegalTurn:
            if let turn {
                String(localized: "error_record_illegal_turn \(turn)")
            } else {
                String(localized: "error_record_invalid")
            }
        case .afterEnd:
            String(localized: "error_record_after_end")
        case .resultMismatch:
            String(localized: "error_record_result_mismatch")
        case .notFromStart:
            String(localized: "error_record_invalid")
        }
    }
}

/// The message to show for an error thrown by a call into the engine.
func userMessage(for error: any Error) -> String {
    (error as? MillsError)?.localizedMessage ?? error.localizedDescription
}
