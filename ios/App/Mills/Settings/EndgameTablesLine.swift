import MillsCore
import SwiftUI

/// "Endgame tables: ready / preparing …" under the computer's settings; nothing before the
/// tables were asked for.
struct EndgameTablesLine: View {
    let state: TablesState

    var body: some View {
        if let line = state.localizedLine {
            Text(verbatim: line)
        }
    }
}
