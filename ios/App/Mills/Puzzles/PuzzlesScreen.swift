import MillsCore
import SwiftUI

/// The puzzles, from Home: today's puzzle, a rush in each game, the free choice by game and
/// grade, and the statistics with the rating. A puzzle or a rush opens on its own screen.
/// The model is made once, when the screen first appears (as the course screen's: SwiftUI
/// builds this view again at every redraw of the screen that links to it).
struct PuzzlesScreen: View {
    @Environment(AppModel.self) private var app
    @State private var model: PuzzlesHubModel?

    var body: some View {
        Group {
            if let model {
                PuzzlesList(model: model)
            } else {
                Color.clear
            }
        }
        .onAppear {
            if let model {
                model.reload()
            } else {
                model = PuzzlesHubModel(tables: app.endgameTables, announce: VoiceOver.announce)
            }
        }
    }
}

/// The puzzles screen's list, drawn from its model.
private struct PuzzlesList: View {
    @Environment(AppModel.self) private var app
    let model: PuzzlesHubModel

    var body: some View {
        List {
            Section {
                if let daily = model.daily {
                    Button {
                        model.openDaily()
                    } label: {
                        DailyPuzzleRow(puzzle: daily, isSolved: model.dailySolved)
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(dailyDescription(daily))
                }
            } header: {
                Text("puzzles_daily")
            } footer: {
                Text("puzzles_daily_footer")
            }
            Section {
                ForEach(GameCatalog.all, id: \.game) { info in
                    let best = model.bestRush[info.game] ?? 0
                    Button {
                        model.openRush(info.game)
                    } label: {
                        LabeledContent {
                            Text("puzzles_best_rush \(best)")
                        } label: {
                            Text(verbatim: info.name)
                        }
                    }
                    .accessibilityLabel(Text("puzzles_rush_item \(info.name) \(best)"))
                }
            } header: {
                Text("puzzles_rush_title")
            } footer: {
                Text("puzzles_rush_footer")
            }
            Section {
                ForEach(GameCatalog.all, id: \.game) { info in
                    NavigationLink {
                        PuzzleChoiceScreen(game: info.game)
                    } label: {
                        Text(verbatim: info.name)
                    }
                }
            } header: {
                Text("puzzles_choice")
            }
            Section {
                NavigationLink {
                    PuzzleStatsScreen()
                } label: {
                    Label("puzzles_stats", systemImage: "chart.bar")
                }
            }
            TablesProgressSection(state: app.endgameTables.state, waiting: model.tablesWait.isWaiting)
            if let message = model.openError {
                Section {
                    Text(verbatim: message)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle("puzzles_title")
        .onDisappear { model.tablesWait.cancel() }
        .navigationDestination(isPresented: puzzleShown) {
            if let puzzle = model.puzzle {
                PuzzleScreen(model: puzzle)
            }
        }
        .navigationDestination(isPresented: rushShown) {
            if let rush = model.rush {
                PuzzleRushScreen(model: rush)
            }
        }
    }

    // The binding's closures read main-actor state: they are @MainActor (SwiftUI calls them
    // on the main actor; its initializer takes @isolated(any) closures).
    private var puzzleShown: Binding<Bool> {
        Binding(get: { @MainActor in model.puzzle != nil }, set: { @MainActor shown in if !shown { model.puzzle = nil } })
    }

    private var rushShown: Binding<Bool> {
        Binding(get: { @MainActor in model.rush != nil }, set: { @MainActor shown in if !shown { model.rush = nil } })
    }

    /// "Today's puzzle: Zhi Qi, White · win in 5. Solved", for VoiceOver.
    private func dailyDescription(_ info: PuzzleInfo) -> Text {
        let status = model.dailySolved ? String(localized: "puzzles_solved_label") : String(localized: "puzzles_not_solved")
        let summary = PuzzleText.joined(PuzzleText.kind(info.kind), PuzzleText.summary(info))
        return Text("puzzles_daily_description \(GameCatalog.name(of: info.game)) \(summary) \(status)")
    }
}

/// Today's puzzle in the list: its game, goal, kind and grade, and a check once solved.
struct DailyPuzzleRow: View {
    let puzzle: PuzzleInfo
    let isSolved: Bool

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image(systemName: isSolved ? "checkmark.circle.fill" : "calendar")
                .font(.title3)
                .foregroundStyle(isSolved ? Color.green : Color.accentColor)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: GameCatalog.name(of: puzzle.game))
                    .font(.body.weight(.semibold))
                Text(verbatim: PuzzleText.summary(puzzle))
                    .font(.subheadline)
                Text(verbatim: PuzzleText.joined(PuzzleText.kind(puzzle.kind), PuzzleText.grade(puzzle.grade)))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            Image(systemName: "chevron.right")
                .font(.caption)
                .foregroundStyle(.tertiary)
                .accessibilityHidden(true)
        }
        .contentShape(Rectangle())
        .padding(.vertical, 2)
    }
}
