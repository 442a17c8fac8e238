import MillsCore
import SwiftUI

/// The puzzles, from Home: today's puzzle, a rush in each game, the free choice by game and
/// grade, and the statistics with the rating. A puzzle or a rush opens on its own screen.
struct PuzzlesScreen: View {
    @Environment(AppModel.self) private var app
    @State private var daily: PuzzleInfo?
    @State private var dailySolved = false
    @State private var bestRush: [GameId: Int] = [:]
    @State private var puzzle: PuzzleModel?
    @State private var rush: PuzzleRushModel?
    @State private var openError: String?

    var body: some View {
        List {
            Section {
                if let daily {
                    Button {
                        open(daily)
                    } label: {
                        DailyPuzzleRow(puzzle: daily, isSolved: dailySolved)
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
                    Button {
                        rush = PuzzleRushModel(game: info.game, stats: PuzzleStatsStore.standard, announce: VoiceOver.announce)
                    } label: {
                        LabeledContent {
                            Text("puzzles_best_rush \(bestRush[info.game] ?? 0)")
                        } label: {
                            Text(verbatim: info.name)
                        }
                    }
                    .accessibilityLabel(Text("puzzles_rush_item \(info.name) \(bestRush[info.game] ?? 0)"))
                }
            } header: {
                Text("puzzles_rush")
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
            if let message = openError ?? app.endgameTables.state.puzzlesWaitLine {
                Section {
                    Text(verbatim: message)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle("puzzles_title")
        .navigationDestination(isPresented: puzzleShown) {
            if let puzzle {
                PuzzleScreen(model: puzzle)
            }
        }
        .navigationDestination(isPresented: rushShown) {
            if let rush {
                PuzzleRushScreen(model: rush)
            }
        }
        .onAppear(perform: reload)
    }

    private var puzzleShown: Binding<Bool> {
        Binding(get: { puzzle != nil }, set: { if !$0 { puzzle = nil } })
    }

    private var rushShown: Binding<Bool> {
        Binding(get: { rush != nil }, set: { if !$0 { rush = nil } })
    }

    /// Today's puzzle and the statistics, read again whenever the screen shows.
    private func reload() {
        daily = try? PuzzleCatalog.daily(on: .now)
        let stats = (try? PuzzleStatsStore.standard?.load()) ?? []
        var best: [GameId: Int] = [:]
        for game in stats {
            best[game.game] = Int(game.bestRush)
        }
        bestRush = best
        dailySolved = daily.map { puzzle in stats.contains { $0.solvedIds.contains(puzzle.id) } } ?? false
    }

    private func open(_ info: PuzzleInfo) {
        do {
            puzzle = try PuzzleModel(puzzle: info, stats: PuzzleStatsStore.standard, announce: VoiceOver.announce)
            openError = nil
        } catch {
            openError = userMessage(for: error)
        }
    }

    /// "Today's puzzle: Zhi Qi, White to move and win in 5. Solved", for VoiceOver.
    private func dailyDescription(_ info: PuzzleInfo) -> Text {
        let status = dailySolved ? String(localized: "puzzles_solved") : String(localized: "puzzles_not_solved")
        return Text("puzzles_daily_description \(GameCatalog.name(of: info.game)) \(PuzzleText.summary(info)) \(status)")
    }
}

/// Today's puzzle in the list: its game, goal and grade, and a check once solved.
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
                Text(verbatim: PuzzleText.grade(puzzle.grade))
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
