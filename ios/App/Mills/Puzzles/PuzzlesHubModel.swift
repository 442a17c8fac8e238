import Foundation
import MillsCore
import Observation

/// The puzzles screen's state: today's puzzle and whether it is solved, and each game's best
/// rush, read again whenever the screen shows; and the puzzle or rush it opens.
@MainActor
@Observable
final class PuzzlesHubModel {
    private(set) var daily: PuzzleInfo?
    private(set) var dailySolved = false
    private(set) var bestRush: [GameId: Int] = [:]
    /// The puzzle on its own screen, if one is open.
    var puzzle: PuzzleModel?
    /// The rush on its own screen, if one is open.
    var rush: PuzzleRushModel?
    /// Why a puzzle could not open (its game's endgame tables not ready yet).
    private(set) var openError: String?
    /// Today's puzzle or a rush opened while the tables were being prepared, waiting for them.
    let tablesWait = TablesWait()

    @ObservationIgnored private let stats: PuzzleStatsStore?
    @ObservationIgnored private let tables: EndgameTables?
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let announce: Announce

    /// `tables`: the app's endgame tables, which a puzzle waits for while they are prepared
    /// (none: it opens at once, or the engine says why not).
    init(
        stats: PuzzleStatsStore? = PuzzleStatsStore.standard,
        tables: EndgameTables? = nil,
        now: @escaping () -> Date = { Date.now },
        announce: @escaping Announce
    ) {
        self.stats = stats
        self.tables = tables
        self.now = now
        self.announce = announce
        reload()
    }

    /// Today's puzzle and the statistics, read again.
    func reload() {
        daily = try? PuzzleCatalog.daily(on: now())
        let games = (try? stats?.load()) ?? []
        var best: [GameId: Int] = [:]
        for game in games {
            best[game.game] = Int(game.bestRush)
        }
        bestRush = best
        dailySolved = daily.map { puzzle in games.contains { $0.solvedIds.contains(puzzle.id) } } ?? false
    }

    /// Opens today's puzzle, once the tables are ready.
    func openDaily() {
        guard let daily else { return }
        openError = nil
        tablesWait.run(after: tables) { [weak self] in self?.open(daily) }
    }

    private func open(_ daily: PuzzleInfo) {
        do {
            puzzle = try PuzzleModel(puzzle: daily, stats: stats, announce: announce)
            openError = nil
        } catch {
            openError = userMessage(for: error)
        }
    }

    /// Opens a rush of `game`, waiting for its start, once the tables are ready.
    func openRush(_ game: GameId) {
        tablesWait.run(after: tables) { [weak self] in
            guard let self else { return }
            rush = PuzzleRushModel(game: game, stats: stats, announce: announce)
        }
    }
}
