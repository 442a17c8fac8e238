import MillsCore
import SwiftUI

/// A game on Home: its name, tagline, pieces and record, and the two ways to play it.
struct GameCard: View {
    let info: GameCatalogEntry
    let record: StatsEntry?
    let onPlay: (PlayMode) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack(alignment: .top, spacing: 14) {
                MiniBoard()
                    .frame(width: 56, height: 56)
                    .accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 4) {
                    Text(verbatim: info.name)
                        .font(.headline)
                        .accessibilityAddTraits(.isHeader)
                    Text(verbatim: info.tagline)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .fixedSize(horizontal: false, vertical: true)
                    Text("home_pieces_each \(info.piecesEach)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    if let record {
                        Text("home_record \(Int(record.wins)) \(Int(record.losses)) \(Int(record.draws))")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                        if record.hintsUsed > 0 {
                            Text("home_record_hints \(Int(record.hintsUsed)) \(Int(record.winsWithHints))")
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                    }
                }
            }
            ViewThatFits(in: .horizontal) {
                HStack { buttons }
                VStack(alignment: .leading) { buttons }
            }
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(RoundedRectangle(cornerRadius: 16).fill(Color(.secondarySystemBackground)))
    }

    /// Both ways to play; VoiceOver hears the game's name with each ("Zhi Qi against the
    /// computer"), as the three cards' buttons would otherwise sound the same.
    @ViewBuilder private var buttons: some View {
        Button {
            onPlay(.vsComputer)
        } label: {
            Label("home_vs_computer", systemImage: "cpu")
        }
        .buttonStyle(.borderedProminent)
        .accessibilityLabel(Text("home_vs_computer_description \(info.name)"))
        Button {
            onPlay(.passAndPlay)
        } label: {
            Label("home_pass_and_play", systemImage: "person.2")
        }
        .buttonStyle(.bordered)
        .accessibilityLabel(Text("home_pass_and_play_description \(info.name)"))
    }
}

/// A small drawing of the board for the game cards.
struct MiniBoard: View {
    var body: some View {
        Canvas { context, size in
            let metrics = BoardMetrics(side: min(size.width, size.height))
            var lines = Path()
            for (start, end) in BoardGrid.segments {
                lines.move(to: metrics.location(start))
                lines.addLine(to: metrics.location(end))
            }
            context.stroke(lines, with: .color(.secondary), lineWidth: 1)
        }
    }
}
