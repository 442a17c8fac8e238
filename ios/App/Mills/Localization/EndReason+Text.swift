import Foundation
import MillsCore

extension EndReason {
    /// Why the game ended, in a sentence that names a side where it needs one.
    func explanation(winner: String, loser: String) -> String {
        switch self {
        case .tookAll: String(localized: "reason_took_all \(loser)")
        case .reducedToTwo: String(localized: "reason_reduced_to_two \(loser)")
        case .threeInLine: String(localized: "reason_three_in_line \(winner)")
        case .blocked: String(localized: "reason_blocked \(loser)")
        case .resignation: String(localized: "reason_resignation \(loser)")
        case .boardFull: String(localized: "reason_board_full")
        case .bothAtTwo: String(localized: "reason_both_at_two")
        case .repetition: String(localized: "reason_repetition")
        case .quietTurns: String(localized: "reason_quiet_turns")
        }
    }
}
