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

    @ObservationIgnored private let stats: PuzzleStatsStore?
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let announce: Announce

    init(stats: PuzzleStatsStore? = PuzzleStatsStore.standard, now: @escaping () -> Date = { Date.now }, announce: @escaping Announce) {
        self.stats = stats
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

    /// Opens today's puzzle.
    func openDaily() {
        guard let daily else { return }
        do {
            puzzle = try PuzzleModel(puzzle: daily, stats: stats, announce: announce)
            openError = nil
        } catch {
            openError = userMessage(for: error)
        }
    }

    /// Opens a rush of `game`, waiting for its start.
    func openRush(_ game: GameId) {
        rush = PuzzleRushModel(game: game, stats: stats, announce: announce)
    }
}
