import MillsCore
import SwiftUI

/// How far the endgame tables that judge puzzles are, while they are not ready: the engine's
/// words and a bar of its fraction (VoiceOver reads the words and the percentage as one
/// element), and, when a puzzle waits for them (`waiting`), that it opens by itself.
/// Nothing once they are ready.
struct TablesProgressSection: View {
    let state: TablesState
    let waiting: Bool

    var body: some View {
        if let line = state.puzzlesProgressLine {
            Section {
                VStack(alignment: .leading, spacing: 6) {
                    Text(verbatim: line)
                        .foregroundStyle(.secondary)
                    if case .preparing(let percent, _) = state {
                        ProgressView(value: Double(percent), total: 100)
                    }
                    if waiting {
                        Text("puzzles_waiting_for_tables")
                            .foregroundStyle(Color.accentColor)
                    }
                }
                .accessibilityElement(children: .combine)
            }
        }
    }
}
