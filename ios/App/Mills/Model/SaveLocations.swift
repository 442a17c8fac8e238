import Foundation
import MillsCore

/// Where the app keeps its files: `Application Support/Mills/`.
struct SaveLocations {
    /// The session rewrites it after every change (atomically, in the engine).
    let autosave: URL
    /// Results against the computer, per game and level.
    let stats: URL
    /// The engine's endgame tables, built there on first use (about 18 MB).
    let tables: URL

    static func standard() throws -> SaveLocations {
        let folder = try FileManager.default
            .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            .appending(path: "Mills", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return SaveLocations(
            autosave: folder.appending(path: "autosave.json"),
            stats: folder.appending(path: "stats.json"),
            tables: folder.appending(path: "tables", directoryHint: .isDirectory)
        )
    }

    /// Options for a session that autosaves and counts results here; a finished game
    /// against the computer also updates the player's rating in the puzzle statistics (the
    /// engine does it, once per game; pass-and-play games are not rated).
    var sessionOptions: SessionOptions {
        SessionOptions(
            autosavePath: autosave.path(percentEncoded: false),
            statsPath: stats.path(percentEncoded: false),
            puzzleStatsPath: puzzleStats.path
        )
    }

    /// The autosaved game's document, or nil when there is none.
    func savedGame() throws -> String? {
        try readSavedGame(path: autosave.path(percentEncoded: false))
    }
}
