import Foundation
import MillsCore

/// The puzzle statistics and the player's rating, `Application Support/Mills/puzzles.json`
/// beside the saves. The engine reads and writes the file (atomically: a kill leaves the
/// old one or the new one) and does every count and rating update; a damaged file is
/// refused, never replaced. Games against the computer reach the rating through the game
/// session itself (`SessionOptions.puzzleStatsPath`).
struct PuzzleStatsStore: Sendable {
    let path: String

    /// The app's file; nil when Application Support cannot be reached (puzzles still play,
    /// nothing is kept).
    static let standard: PuzzleStatsStore? = try? SaveLocations.standard().puzzleStats

    /// Every game's statistics, in the engine's order of the games.
    func load() throws -> [PuzzleStats] {
        try puzzleStatsLoad(path: path)
    }

    /// The first attempt's result of `puzzle`: the solved count, the streak and the rating.
    func recordPuzzle(_ puzzle: PuzzleInfo, result: PuzzleResult) throws {
        _ = try puzzleStatsRecord(path: path, puzzleId: puzzle.id, result: result)
    }

    /// A finished rush; true when it is the game's best.
    func recordRush(_ game: GameId, solved: Int) throws -> Bool {
        try puzzleStatsRecordRush(path: path, game: game, solved: UInt32(clamping: solved))
    }

    /// Forgets every statistic and the rating.
    func reset() throws {
        try puzzleStatsReset(path: path)
    }

    /// One game's statistics; nil when the file cannot be read.
    func game(_ game: GameId) -> PuzzleStats? {
        (try? load())?.first { $0.game == game }
    }
}

extension SaveLocations {
    /// The puzzle statistics, in the folder of the autosave.
    var puzzleStats: PuzzleStatsStore {
        let url = autosave.deletingLastPathComponent().appending(path: "puzzles.json")
        return PuzzleStatsStore(path: url.path(percentEncoded: false))
    }
}
