@testable import Mills
import MillsCore
import XCTest

/// The one reader of every screen's board: what it reads, and that one board's changes never
/// reach the next.
final class BoardDriverTests: XCTestCase {
    private func changes(_ batch: ChangeBatch) -> [Change] {
        batch.changes.map(\.change)
    }

    func testAGamesTapsAreReadOnceInOrderWithTheSnapshotTheyLeadTo() throws {
        let game = try manualSession(.twelveMensMorris)
        var board = BoardDriver(following: game.board())
        XCTAssertEqual(board.snapshot, game.snapshot())
        XCTAssertEqual(changes(board.read()), [], "it starts from the board as it stands")
        _ = try game.tap(point: "d6")
        _ = try game.tap(point: "d2")
        let batch = board.read()
        XCTAssertEqual(changes(batch), [.placed(point: "d6", player: .p1), .placed(point: "d2", player: .p2)])
        XCTAssertEqual(batch.snapshot, game.snapshot())
        XCTAssertEqual(board.snapshot, game.snapshot())
        XCTAssertEqual(board.revision, game.snapshot().revision)
        XCTAssertEqual(changes(board.read()), [], "nothing is told twice")
    }

    func testTheChangesOfTheBoardFollowedBeforeNeverReachTheNext() throws {
        let first = try manualSession(.twelveMensMorris)
        let second = try manualSession(.zhiqi)
        var board = BoardDriver(following: first.board())
        _ = try first.tap(point: "d6")
        board.follow(second.board())
        _ = try first.tap(point: "d2")
        XCTAssertEqual(board.snapshot, second.snapshot())
        XCTAssertEqual(changes(board.read()), [], "neither board's earlier moves are told")
        _ = try second.tap(point: "a1")
        let batch = board.read()
        XCTAssertEqual(changes(batch), [.placed(point: "a1", player: .p1)])
        XCTAssertEqual(batch.snapshot.config.game, .zhiqi)
    }

    func testALessonsBoardIsReadLikeAGames() throws {
        let lesson = try LessonSession(lessonId: "zhiqi-pin", locale: "en")
        var board = BoardDriver(following: lesson.board())
        _ = try lesson.tap(point: "g7")
        XCTAssertEqual(changes(board.read()), [.placed(point: "g7", player: .p1)])
        XCTAssertEqual(board.snapshot, lesson.snapshot())
    }
}
