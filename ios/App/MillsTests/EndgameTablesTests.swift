@testable import Mills
import Foundation
import MillsCore
import Testing

extension TablesSuites {
    /// The endgame tables' preparation as the Settings line shows it, the folder they live in
    /// (made again when missing, kept out of backups), and the order in which reports count.
    @MainActor
    @Suite struct EndgameTablesTests {
        @Test func aFolderThatCannotBeMadeLeavesTheTablesUnavailable() async throws {
            let blocked = try TemporaryFolder.make("tables").appending(path: "tables")
            try Data("a file where the folder should be".utf8).write(to: blocked)
            let tables = EndgameTables()
            #expect(tables.state.localizedLine == nil, "nothing is said before the tables are asked for")
            tables.start(in: blocked.appending(path: "inner"), maxPieces: 3)
            try await waitUntil { if case .failed = tables.state { true } else { false } }
            #expect(tables.state.localizedLine == "Endgame tables: not available")
        }

        @Test func theTablesAreBuiltKeptOutOfBackupsAndBuiltAgainWhenPurged() async throws {
            let folder = try TemporaryFolder.make("tables").appending(path: "tables", directoryHint: .isDirectory)
            defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
            let first = EndgameTables()
            first.start(in: folder, maxPieces: 3)
            try await waitUntil(seconds: 120) { first.state == .ready }
            #expect(first.state.localizedLine == "Endgame tables: ready")
            let built = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            #expect(!built.isEmpty)
            #if canImport(Darwin)
                // Only Apple's file systems keep the mark; Linux's Foundation ignores it.
                var marked = folder
                marked.removeAllCachedResourceValues()
                #expect(try marked.resourceValues(forKeys: [.isExcludedFromBackupKey]).isExcludedFromBackup == true)
            #endif
            // The system (or a restore) removed them: the next launch builds them again.
            try FileManager.default.removeItem(at: folder)
            let next = EndgameTables()
            next.start(in: folder, maxPieces: 3)
            try await waitUntil(seconds: 120) { next.state == .ready }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted() == built.sorted())
        }

        @Test func aLateProgressReportNeverReplacesTheLastWord() {
            let tables = EndgameTables()
            tables.receive(.preparing(percent: 40, building: nil))
            #expect(tables.state.localizedLine == "Endgame tables: preparing, 40 in 100 done")
            tables.receive(.ready)
            tables.receive(.preparing(percent: 90, building: nil))
            #expect(tables.state == .ready)
            // The state read at the start counts only when no report came before it.
            tables.receiveFirst(.preparing(percent: 0, building: nil))
            #expect(tables.state == .ready)
            let fresh = EndgameTables()
            fresh.receiveFirst(.ready)
            #expect(fresh.state == .ready)
        }

        @Test func withoutAFolderNothingStarts() {
            let tables = EndgameTables()
            tables.start(in: nil)
            #expect(tables.state == .notPrepared)
        }
    }
}
