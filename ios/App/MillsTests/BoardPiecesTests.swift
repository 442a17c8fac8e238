@testable import Mills
import MillsCore
import XCTest

/// The pieces on screen follow the engine: replayed actions keep identities (a pin flips
/// the same piece) and the result always equals the snapshot.
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

    func testAPinFlipsThePieceInPlace() throws {
        let game = try session(.zhiqi)
        var pieces = BoardPieces(snapshot: try game.snapshot())
        var log = ActionLog()
        // Zhi Qi F of RULES.md §8: a7 completes two lines, so P1 pins twice.
        for point in ["a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7"] {
            _ = try game.tap(point: point)
            let snapshot = try game.snapshot()
            pieces.play(log.advance(to: try game.actions()) ?? [], reaching: snapshot)
        }
        let before = try XCTUnwrap(pieces.onBoard["g1"])
        XCTAssertEqual(before.owner, .p2)

        _ = try game.tap(point: "g1")
        let snapshot = try game.snapshot()
        pieces.play(try XCTUnwrap(log.advance(to: try game.actions())), reaching: snapshot)

        let after = try XCTUnwrap(pieces.onBoard["g1"])
        XCTAssertEqual(after.id, before.id)
        XCTAssertEqual(after.owner, .p1)
        XCTAssertEqual(after.flips, 1)
        XCTAssertEqual(owners(pieces), owners(snapshot))
    }

    func testACaptureLeavesAndTheBoardMatchesTheSnapshot() throws {
        let game = try session(.twelveMensMorris)
        var pieces = BoardPieces(snapshot: try game.snapshot())
        var log = ActionLog()
        for point in ["a1", "g1", "a4", "g4", "a7"] {
            _ = try game.tap(point: point)
        }
        pieces.play(try XCTUnwrap(log.advance(to: try game.actions())), reaching: try game.snapshot())
        _ = try game.tap(point: "g1")  // P1's mill a1-a4-a7 captures g1
        let snapshot = try game.snapshot()
        pieces.play(try XCTUnwrap(log.advance(to: try game.actions())), reaching: snapshot)

        XCTAssertNil(pieces.onBoard["g1"])
        XCTAssertEqual(pieces.leaving.map(\.point), ["g1"])
        XCTAssertEqual(pieces.leaving.first?.kind, .removed)
        XCTAssertEqual(owners(pieces), owners(snapshot))
    }

    func testUndoRebuildsWithoutAnimation() throws {
        let game = try session(.linkedHorse)
        var log = ActionLog()
        _ = try game.tap(point: "d6")
        _ = log.advance(to: try game.actions())
        try game.undo()
        XCTAssertNil(log.advance(to: try game.actions()))
        let pieces = BoardPieces(snapshot: try game.snapshot())
        XCTAssertTrue(pieces.onBoard.isEmpty)
        XCTAssertTrue(pieces.leaving.isEmpty)
    }
}
