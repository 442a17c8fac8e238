import MillsCore
import SwiftUI

/// "Endgame tables: ready / preparing …" under the computer's settings; nothing before the
/// tables were asked for.
struct EndgameTablesLine: View {
    let state: TablesState

    var body: some View {
        if let line = state.localizedLine {
            Text(line)
        }
    }
}

extension TablesState {
    /// The Settings line for this state, in the app's language.
    var localizedLine: String? {
        switch self {
        case .notPrepared:
            nil
        case .preparing(let percent, _):
            String(localized: "tables_preparing \(Int(percent))")
        case .ready:
            String(localized: "tables_ready")
        case .cancelled, .failed:
            String(localized: "tables_unavailable")
        }
    }
}
