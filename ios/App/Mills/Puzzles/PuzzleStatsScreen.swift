import MillsCore
import SwiftUI

/// The statistics: for each game, the rating with its uncertainty, the puzzles solved, the
/// streaks and the best rush; and starting them all again.
struct PuzzleStatsScreen: View {
    @State private var model: PuzzleStatsModel?
    @State private var confirmsReset = false

    var body: some View {
        List {
            if let model {
                ForEach(model.rows, id: \.game) { row in
                    Section {
                        LabeledContent("puzzle_stats_rating", value: row.ratingText)
                            .accessibilityElement(children: .ignore)
                            .accessibilityLabel(Text("puzzle_stats_rating_description \(Int(row.rating.rounded())) \(Int(row.deviation.rounded()))"))
                        LabeledContent("puzzle_stats_solved") {
                            Text("puzzle_stats_of \(row.solved) \(row.total)")
                        }
                        LabeledContent("puzzle_stats_streak") {
                            Text(row.streak, format: .number)
                        }
                        LabeledContent("puzzle_stats_best_streak") {
                            Text(row.bestStreak, format: .number)
                        }
                        LabeledContent("puzzle_stats_best_rush") {
                            Text(row.bestRush, format: .number)
                        }
                        LabeledContent("puzzle_stats_rated_games") {
                            Text(row.ratedGames, format: .number)
                        }
                    } header: {
                        Text(verbatim: GameCatalog.name(of: row.game))
                    }
                }
                Section {
                    Button("puzzle_stats_reset", role: .destructive) {
                        confirmsReset = true
                    }
                    .accessibilityLabel(Text("puzzle_stats_reset"))
                } footer: {
                    Text("puzzle_stats_footer")
                }
                if let message = model.error {
                    Section {
                        Text(verbatim: message)
                            .foregroundStyle(.red)
                    }
                }
            }
        }
        .navigationTitle("puzzles_stats")
        .confirmationDialog("puzzle_stats_reset_title", isPresented: $confirmsReset, titleVisibility: .visible) {
            Button("puzzle_stats_reset_confirm", role: .destructive) { model?.reset() }
            Button("action_cancel", role: .cancel) {}
        }
        .onAppear {
            if let model {
                model.reload()
            } else {
                model = PuzzleStatsModel()
            }
        }
    }
}
