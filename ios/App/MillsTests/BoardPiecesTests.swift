@testable import Mills
import MillsCore
import XCTest

/// The pieces on screen follow the engine's changes: identities survive (a pin flips the
/// same piece), removals leave, and the result always equals the snapshot.
final class BoardPiecesTests: XCTestCase {
    private func session(_ game: GameId) throws -> GameSession {
        try GameSession(
            config: SessionConfig(game: game, mode: .passAndPlay, timer: .off),
            options: SessionOptions(timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
    }

    private func owners(_ pieces: BoardPieces) -> [String: Player] {
        pieces.onBoard.mapValues(\.owner)
    }

    private func owners(_ snapshot: Snapshot) -> [String: Player] {
        var owners: [String: Player] = [:]
        for point in snapshot.points {
            owners[point.name] = point.owner
        }
        return owners
    }

    /// Applies the engine's changes since `revision`; returns the new revision.
    private func follow(_ game: GameSession, _ pieces: inout BoardPieces, from revision: UInt64) -> UInt64 {
        let batch = game.board().changesSince(revision: revision)
        pieces.apply(batch.changes, reaching: batch.snapshot)
        return batch.revision
    }

    func testAPinFlipsThePieceInPlace() throws {
        let game = try session(.zhiqi)
        var pieces = BoardPieces(snapshot: game.snapshot())
        var revision = game.snapshot().revision
        // Zhi Qi F of RULES.md §8: a7 completes two lines, so P1 pins twice.
        for point in ["a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7"] {
            _ = try game.tap(point: point)
            revision = follow(game, &pieces, from: revision)
        }
        let before = try XCTUnwrap(pieces.onBoard["g1"])
        XCTAssertEqual(before.owner, .p2)

        _ = try game.tap(point: "g1")
        revision = follow(game, &pieces, from: revision)

        let after = try XCTUnwrap(pieces.onBoard["g1"])
        XCTAssertEqual(after.id, before.id)
        XCTAssertEqual(after.owner, .p1)
        XCTAssertEqual(after.flips, 1)
        XCTAssertEqual(owners(pieces), owners(game.snapshot()))
    }

    func testACaptureLeavesAndTheBoardMatchesTheSnapshot() throws {
        let game = try session(.twelveMensMorris)
        var pieces = BoardPieces(snapshot: game.snapshot())
        var revision = game.snapshot().revision
        for point in ["a1", "g1", "a4", "g4", "a7"] {
            _ = try game.tap(point: point)
        }
        revision = follow(game, &pieces, from: revision)
        _ = try game.tap(point: "g1")  // P1's mill a1-a4-a7 captures g1
        revision = follow(game, &pieces, from: revision)

        XCTAssertNil(pieces.onBoard["g1"])
        XCTAssertEqual(pieces.leaving.map(\.point), ["g1"])
        XCTAssertEqual(pieces.leaving.first?.kind, .removed)
        XCTAssertEqual(owners(pieces), owners(game.snapshot()))
    }

    func testUndoIsAResetWithoutAnimation() throws {
        let game = try session(.linkedHorse)
        var pieces = BoardPieces(snapshot: game.snapshot())
        var revision = game.snapshot().revision
        _ = try game.tap(point: "d6")
        revision = follow(game, &pieces, from: revision)
        try game.undo()
        let batch = game.board().changesSince(revision: revision)
        let motions = pieces.apply(batch.changes, reaching: batch.snapshot)
        XCTAssertTrue(motions.isEmpty)
        XCTAssertTrue(pieces.onBoard.isEmpty)
        XCTAssertTrue(pieces.leaving.isEmpty)
    }
}
