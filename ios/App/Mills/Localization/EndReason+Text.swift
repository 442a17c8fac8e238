import MillsCore
import SwiftUI

extension EndReason {
    /// Why the game ended, in a sentence that names a side where it needs one.
    func explanation(winner: Text, loser: Text) -> Text {
        switch self {
        case .tookAll: Text("reason_took_all \(loser)")
        case .reducedToTwo: Text("reason_reduced_to_two \(loser)")
        case .threeInLine: Text("reason_three_in_line \(winner)")
        case .blocked: Text("reason_blocked \(loser)")
        case .resignation: Text("reason_resignation \(loser)")
        case .boardFull: Text("reason_board_full")
        case .bothAtTwo: Text("reason_both_at_two")
        case .repetition: Text("reason_repetition")
        case .quietTurns: Text("reason_quiet_turns")
        }
    }
}
