@testable import Mills
import MillsCore
import XCTest

/// The move list, review and "Play from here" as a player drives them: real taps on a real
/// session, the board read back from the engine.
@MainActor
final class ReviewTests: XCTestCase {
    /// P1's ninth placement a7 makes a mill and captures g1 (turn 9 as people count).
    private let captureGame = ["a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7", "g1", "d6"]

    private func playedGame() throws -> GameModel {
        let session = try GameSession(
            config: SessionConfig(game: .twelveMensMorris, mode: .passAndPlay, timer: .off),
            options: SessionOptions(timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
        let model = GameModel(session: session)
        for point in captureGame {
            let state = try XCTUnwrap(model.snapshot.points.first { $0.name == point })
            model.tap(state)
            XCTAssertNil(model.notice, "\(point): \(String(describing: model.notice))")
        }
        return model
    }

    private func owners(_ points: [PointState]) -> [String: Player] {
        var owners: [String: Player] = [:]
        for point in points {
            owners[point.name] = point.owner
        }
        return owners
    }

    /// The engine's word for "opening a record would throw this game away" (AppModel asks first).
    func testAPlayedGameIsUnfinishedUntilItEnds() throws {
        let model = try playedGame()
        XCTAssertTrue(model.snapshot.unfinished)
        model.resign()
        XCTAssertTrue(model.isOver)
        XCTAssertFalse(model.snapshot.unfinished)
    }

    func testTheMoveListHasEveryTurnInTheEnginesNotation() throws {
        let model = try playedGame()
        let turns = model.review.turns
        XCTAssertEqual(turns.count, 10)
        XCTAssertEqual(turns[8].notation, "a7xg1")
        XCTAssertEqual(turns[8].player, .p1)
        XCTAssertEqual(turns[9].player, .p2)
        // The turn to play next has no entry yet; it is the one highlighted.
        XCTAssertEqual(model.review.highlightedTurn, 10)
        XCTAssertFalse(model.review.isReviewing)
    }

    func testSteppingBackShowsEarlierBoardsAndLeavesTheGameAlone() throws {
        let model = try playedGame()
        let live = model.snapshot
        model.stepReview(by: -1)
        XCTAssertEqual(model.review.position?.turn, 9)
        XCTAssertEqual(model.review.highlightedTurn, 8)
        XCTAssertEqual(model.review.position?.lastTurnPoints, ["a7", "g1"])
        XCTAssertEqual(owners(model.scene.points)["g1"], nil)
        XCTAssertFalse(model.scene.isLive)

        model.stepReview(by: -1)
        XCTAssertEqual(model.review.position?.turn, 8)
        XCTAssertEqual(owners(model.scene.points)["g1"], .p2)
        XCTAssertEqual(model.boardPieces.onBoard["g1"]?.owner, .p2)

        model.stepReview(by: 1)
        XCTAssertEqual(model.review.position?.turn, 9)
        // The live game is untouched (its timer is only frozen while reviewing).
        XCTAssertEqual(model.snapshot.points, live.points)
        XCTAssertEqual(model.snapshot.actionCount, live.actionCount)
        XCTAssertTrue(model.snapshot.paused)
        // A tap under review does not play.
        let point = try XCTUnwrap(model.scene.points.first { $0.name == "b6" })
        model.tap(point)
        XCTAssertEqual(model.snapshot.points, live.points)
        XCTAssertNotNil(model.notice)

        model.closeReview()
        XCTAssertNil(model.review.position)
        XCTAssertTrue(model.scene.isLive)
    }

    func testTappingATurnShowsTheBoardAfterIt() throws {
        let model = try playedGame()
        model.reviewTurn(at: 0)
        XCTAssertEqual(model.review.position?.turn, 1)
        XCTAssertEqual(model.review.highlightedTurn, 0)
        XCTAssertEqual(owners(model.scene.points), ["a1": .p1])
        XCTAssertTrue(model.review.canStepBack)
    }

    func testPlayFromHereMakesTheReviewedPositionLive() throws {
        let model = try playedGame()
        model.reviewTurn(at: 7)  // the board after turn 8, before the capture
        let shown = try XCTUnwrap(model.review.position)
        XCTAssertTrue(model.review.canPlayFromHere)
        model.playFromReview()
        XCTAssertNil(model.review.position)
        XCTAssertEqual(owners(model.snapshot.points), owners(shown.points))
        XCTAssertEqual(model.snapshot.toMove, shown.toMove)
        XCTAssertTrue(model.snapshot.canRedo)
        XCTAssertEqual(model.review.turns.count, 8)
    }

    func testTheFinalPositionCannotBePlayedFrom() throws {
        let model = try playedGame()
        model.resign()
        // A resignation changes no board, yet it is the move list's last entry at once.
        XCTAssertEqual(model.review.turns.last?.end, .resignation)
        model.openReview(atEnd: true)
        let position = try XCTUnwrap(model.review.position)
        XCTAssertEqual(position.turn, position.turns)
        XCTAssertNotNil(position.outcome)
        XCTAssertFalse(model.review.canPlayFromHere)
        XCTAssertFalse(model.review.canStepForward)
        XCTAssertTrue(model.review.canStepBack)
    }

    func testAnExportedRecordReadsBackAndOpensAtItsStart() throws {
        let model = try playedGame()
        let text = try model.exportRecord()
        XCTAssertTrue(text.hasPrefix("mills-record 1\ngame: twelve-mens-morris\n"), text)
        XCTAssertTrue(text.contains("\n9. P1 a7xg1\n"), text)
        XCTAssertNotNil(text.range(of: #"\ndate: \d{4}-\d{2}-\d{2}\n"#, options: .regularExpression), text)
        let record = try readRecord(text: text)
        XCTAssertEqual(record.moves, model.review.turns)
        let opened = GameModel(session: try GameSession.fromRecord(text: text, options: SessionOptions(timerThread: false)))
        opened.openReview(atEnd: false)
        XCTAssertEqual(opened.review.position?.turn, 0)
        XCTAssertEqual(opened.review.turns, model.review.turns)
    }

    func testABadRecordIsRefusedWithTheEnginesReason() throws {
        let model = try playedGame()
        let illegal = try model.exportRecord().replacingOccurrences(of: "9. P1 a7xg1", with: "9. P1 a7xa1")
        XCTAssertThrowsError(try readRecord(text: illegal)) { error in
            guard case MillsError.InvalidRecord(let kind, let turn, _) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(kind, .illegalTurn)
            XCTAssertEqual(turn, 9)
            let message = userMessage(for: error)
            XCTAssertTrue(message.contains("9"), message)
            XCTAssertFalse(message.hasPrefix("error_"), message)
        }
    }
}
