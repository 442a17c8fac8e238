@testable import Mills
import Foundation
import MillsCore
import Testing

extension TablesSuites {
    /// A first-time player and the endgame tables (docs/ai.md, "Tables ready at once"): a
    /// puzzle opened before the tables are ready waits with their progress shown and opens by
    /// itself, its game's tables unpacked from the shipped pack; a game starts without waiting.
    ///
    /// The pack is a real `mills tables pack` of one game (the command the app's build phase
    /// runs), and only that game's file is missing: the others take a minute each to build,
    /// and the engine's own tests prove unpacking all three.
    @MainActor
    @Suite struct TablesFirstUseTests {
        private let game = GameId.linkedHorse

        @Test func aFirstPuzzleShowsTheTablesProgressThenOpensFromThePack() async throws {
            try await PuzzleTables.prepare()
            let pack = try TablesPackFixture.packOfOneGame(game)
            let folder = try TablesPackFixture.folderWithoutOneGame(game)
            let tables = EndgameTables()
            let stats = try temporaryPuzzleStats()
            let today = Date(timeIntervalSinceReferenceDate: 786_000_000)
            let hub = PuzzlesHubModel(stats: stats, tables: tables, now: { today }, announce: { _ in })
            // an endgame: a tactic is judged by the goal search and needs no tables
            let choice = PuzzleChoiceModel(game: game, kind: .endgames, stats: stats, announce: { _ in })
            let chosen = try #require(choice.puzzles.first)
            let shown = Shown()

            tables.start(in: folder, pack: pack)
            // the player taps at once: on the main actor, before any report of the engine
            choice.open(chosen, after: tables) { shown.model = $0 }
            hub.openDaily()
            #expect(choice.tablesWait.isWaiting)
            #expect(hub.tablesWait.isWaiting)
            #expect(shown.model == nil && hub.puzzle == nil)
            #expect(choice.error == nil && hub.openError == nil, "waiting, not refused")
            #expect(tables.state.puzzlesProgressLine == "Endgame tables: preparing, 0 in 100 done")

            try await waitUntil(seconds: 120) { shown.model != nil && hub.puzzle != nil }
            #expect(tables.state == .ready)
            #expect(tables.state.puzzlesProgressLine == nil)
            #expect(!choice.tablesWait.isWaiting && !hub.tablesWait.isWaiting)
            #expect(shown.model?.puzzle.id == chosen.id)
            #expect(hub.puzzle?.puzzle.id == hub.daily?.id)
            let unpacked = try Data(contentsOf: TablesPackFixture.tableFile(game, in: folder))
            #expect(unpacked == (try Data(contentsOf: TablesPackFixture.tableFile(game, in: PuzzleTables.folder))))
        }

        @Test func aGameStartsWhileTheTablesArePrepared() async throws {
            try await PuzzleTables.prepare()
            let folder = try TablesPackFixture.folderWithoutOneGame(game)
            let tables = EndgameTables()
            tables.start(in: folder, pack: try TablesPackFixture.packOfOneGame(game))
            let app = AppModel(locations: try temporaryLocations(), announce: { _ in }, preparesTables: false)
            app.start(game, mode: .passAndPlay, settings: SessionSettings(humanSide: .white, level: 4, timer: .off))
            let model = try #require(app.game)
            try tap(model, "d6")
            #expect(model.snapshot.points.first { $0.name == "d6" }?.owner == .p1)
            #expect(tables.isPreparing, "the game waited for the tables")
            // the preparation ends before the next suite's
            try await waitUntil(seconds: 120) { tables.state == .ready }
        }
    }
}

/// The puzzle a choice opened, once it opens.
@MainActor
private final class Shown {
    var model: PuzzleModel?
}

/// The packs and folders of TablesFirstUseTests.
@MainActor
enum TablesPackFixture {
    /// A game's table file in `folder`: `<game id>.mtb`.
    static func tableFile(_ game: GameId, in folder: URL) -> URL {
        folder.appending(path: "\(rulesId(game)).mtb")
    }

    /// A fresh tables folder holding every game's shared 4-piece tables but `game`'s.
    static func folderWithoutOneGame(_ game: GameId) throws -> URL {
        let folder = try TemporaryFolder.make("first-use").appending(path: "tables", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for other in GameCatalog.all.map(\.game) where other != game {
            try FileManager.default.copyItem(at: tableFile(other, in: PuzzleTables.folder), to: tableFile(other, in: folder))
        }
        return folder
    }

    /// A pack of `game`'s shared tables alone, made by `mills tables pack` (MILLS_BIN) and
    /// kept beside them between runs; made again when the tables or the command are newer.
    static func packOfOneGame(_ game: GameId) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let mills = URL(filePath: try #require(environment["MILLS_BIN"], "MILLS_BIN names the mills command line"))
        let table = tableFile(game, in: PuzzleTables.folder)
        let pack = PuzzleTables.folder.deletingLastPathComponent().appending(path: "first-use-\(rulesId(game)).pack")
        let tablesMade = try #require(modified(table))
        let millsMade = try #require(modified(mills))
        if let made = modified(pack), made > max(tablesMade, millsMade) {
            return pack
        }
        let alone = try TemporaryFolder.make("pack")
        defer { try? FileManager.default.removeItem(at: alone) }
        try FileManager.default.copyItem(at: table, to: alone.appending(path: table.lastPathComponent))
        let partial = pack.appendingPathExtension("partial")
        let process = Process()
        process.executableURL = mills
        process.arguments = ["tables", "pack", "--tables", alone.path(percentEncoded: false), "--out", partial.path(percentEncoded: false)]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "mills tables pack failed")
        _ = try? FileManager.default.removeItem(at: pack)
        try FileManager.default.moveItem(at: partial, to: pack)
        return pack
    }

    /// The engine's id of `game` (`linked-horse`), which names its table file.
    private static func rulesId(_ game: GameId) -> String {
        games().first { $0.game == game }?.rulesId ?? ""
    }

    private static func modified(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path(percentEncoded: false)))?[.modificationDate] as? Date
    }
}
