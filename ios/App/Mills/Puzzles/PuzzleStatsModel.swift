import Foundation
import MillsCore
import Observation

/// One game's line of the statistics screen.
struct PuzzleStatsRow: Equatable {
    let game: GameId
    /// Puzzles solved (with or without hints) of the game's `total`.
    let solved: Int
    let total: Int
    let attempted: Int
    let streak: Int
    let bestStreak: Int
    let bestRush: Int
    /// The player's rating in this game and its deviation (about a 95 % chance that the
    /// true rating is within two deviations).
    let rating: Double
    let deviation: Double
    /// Games against the computer that counted for the rating.
    let ratedGames: Int

    /// "1520 ± 85".
    var ratingText: String { PuzzleText.rating(rating, deviation: deviation) }
}

/// The statistics screen: for each game, the puzzles solved, the streaks, the best rush and
/// the rating with its uncertainty, as the engine keeps them in the statistics file.
@MainActor
@Observable
final class PuzzleStatsModel {
    private(set) var rows: [PuzzleStatsRow] = []
    /// Why the statistics could not be read (a damaged file is kept as it is).
    private(set) var error: String?

    @ObservationIgnored let store: PuzzleStatsStore?

    init(store: PuzzleStatsStore? = PuzzleStatsStore.standard) {
        self.store = store
        reload()
    }

    /// Reads the file again (after a puzzle, a rush or a game). No file yet: the engine's
    /// statistics of a new player (nothing played, its starting rating).
    func reload() {
        guard let store else {
            rows = []
            return
        }
        do {
            rows = try store.load().map(PuzzleStatsRow.init)
            error = nil
        } catch {
            rows = []
            self.error = String(localized: "puzzle_stats_unavailable")
        }
    }
}

extension PuzzleStatsModel {
    /// Forgets every puzzle statistic and the rating (asked first on the screen).
    func reset() {
        guard let store else { return }
        do {
            try store.reset()
            reload()
        } catch {
            self.error = String(localized: "puzzle_stats_unavailable")
        }
    }
}

extension PuzzleStatsRow {
    init(_ stats: PuzzleStats) {
        self.init(
            game: stats.game,
            solved: Int(stats.solved),
            total: puzzles(game: stats.game).count,
            attempted: Int(stats.attempted),
            streak: Int(stats.streak),
            bestStreak: Int(stats.bestStreak),
            bestRush: Int(stats.bestRush),
            rating: stats.rating.rating,
            deviation: stats.rating.deviation,
            ratedGames: Int(stats.ratedGames)
        )
    }
}
