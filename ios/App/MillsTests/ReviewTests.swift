@testable import Mills
import Foundation
import MillsCore
import Testing

/// The move list, review and "Play from here" as a player drives them: real taps on a real
/// session, the board read back from the engine.
@MainActor
struct ReviewTests {
    /// P1's ninth placement a7 makes a mill and captures g1 (turn 9 as people count).
    private let captureGame = ["a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7", "g1", "d6"]

    private func playedGame() throws -> GameModel {
        let session = try GameSession(
            config: SessionConfig(game: .twelveMensMorris, mode: .passAndPlay, timer: .off),
            options: SessionOptions(timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
        let model = GameModel(session: session, announce: { _ in })
        for point in captureGame {
            let state = try #require(model.snapshot.points.first { $0.name == point })
            model.tap(state)
            #expect(model.notice == nil, "\(point): \(String(describing: model.notice))")
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
    @Test func testAPlayedGameIsUnfinishedUntilItEnds() throws {
        let model = try playedGame()
        #expect(model.snapshot.unfinished)
        model.resign()
        #expect(model.isOver)
        #expect(!model.snapshot.unfinished)
    }

    @Test func testTheMoveListHasEveryTurnInTheEnginesNotation() throws {
        let model = try playedGame()
        let turns = model.review.turns
        #expect(turns.count == 10)
        #expect(turns[8].notation == "a7xg1")
        #expect(turns[8].player == .p1)
        #expect(turns[9].player == .p2)
        // The turn to play next has no entry yet; it is the one highlighted.
        #expect(model.review.highlightedTurn == 10)
        #expect(!model.review.isReviewing)
    }

    @Test func testSteppingBackShowsEarlierBoardsAndLeavesTheGameAlone() throws {
        let model = try playedGame()
        let live = model.snapshot
        model.stepReview(by: -1)
        #expect(model.review.position?.turn == 9)
        #expect(model.review.highlightedTurn == 8)
        #expect(model.review.position?.lastTurnPoints == ["a7", "g1"])
        #expect(owners(model.scene.points)["g1"] == nil)
        #expect(!model.scene.isLive)

        model.stepReview(by: -1)
        #expect(model.review.position?.turn == 8)
        #expect(owners(model.scene.points)["g1"] == .p2)
        #expect(model.boardPieces.onBoard["g1"]?.owner == .p2)

        model.stepReview(by: 1)
        #expect(model.review.position?.turn == 9)
        // The live game is untouched (its timer is only frozen while reviewing).
        #expect(model.snapshot.points == live.points)
        #expect(model.snapshot.actionCount == live.actionCount)
        #expect(model.snapshot.paused)
        // A tap under review does not play.
        let point = try #require(model.scene.points.first { $0.name == "b6" })
        model.tap(point)
        #expect(model.snapshot.points == live.points)
        #expect(model.notice != nil)

        model.closeReview()
        #expect(model.review.position == nil)
        #expect(model.scene.isLive)
    }

    @Test func testTappingATurnShowsTheBoardAfterIt() throws {
        let model = try playedGame()
        model.reviewTurn(at: 0)
        #expect(model.review.position?.turn == 1)
        #expect(model.review.highlightedTurn == 0)
        #expect(owners(model.scene.points) == ["a1": .p1])
        #expect(model.review.canStepBack)
    }

    @Test func testPlayFromHereMakesTheReviewedPositionLive() throws {
        let model = try playedGame()
        model.reviewTurn(at: 7)  // the board after turn 8, before the capture
        let shown = try #require(model.review.position)
        #expect(model.review.canPlayFromHere)
        model.playFromReview()
        #expect(model.review.position == nil)
        #expect(owners(model.snapshot.points) == owners(shown.points))
        #expect(model.snapshot.toMove == shown.toMove)
        #expect(model.snapshot.canRedo)
        #expect(model.review.turns.count == 8)
    }

    @Test func testTheFinalPositionCannotBePlayedFrom() throws {
        let model = try playedGame()
        model.resign()
        // A resignation changes no board, yet it is the move list's last entry at once.
        #expect(model.review.turns.last?.end == .resignation)
        model.openReview(atEnd: true)
        let position = try #require(model.review.position)
        #expect(position.turn == position.turns)
        #expect(position.outcome != nil)
        #expect(!model.review.canPlayFromHere)
        #expect(!model.review.canStepForward)
        #expect(model.review.canStepBack)
    }

    @Test func testAnExportedRecordReadsBackAndOpensAtItsStart() throws {
        let model = try playedGame()
        let text = try model.exportRecord()
        #expect(text.hasPrefix("mills-record 1\ngame: twelve-mens-morris\n"), "\(text)")
        #expect(text.contains("\n9. P1 a7xg1\n"), "\(text)")
        #expect(text.range(of: #"\ndate: \d{4}-\d{2}-\d{2}\n"#, options: .regularExpression) != nil, "\(text)")
        let record = try readRecord(text: text)
        #expect(record.moves == model.review.turns)
        let opened = GameModel(session: try GameSession.fromRecord(text: text, options: SessionOptions(timerThread: false)), announce: { _ in })
        opened.openReview(atEnd: false)
        #expect(opened.review.position?.turn == 0)
        #expect(opened.review.turns == model.review.turns)
    }

    @Test func testABadRecordIsRefusedWithTheEnginesReason() throws {
        let model = try playedGame()
        let illegal = try model.exportRecord().replacingOccurrences(of: "9. P1 a7xg1", with: "9. P1 a7xa1")
        let error = try #require(throws: MillsError.self) { try readRecord(text: illegal) }
        guard case .InvalidRecord(let kind, let turn, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(kind == .illegalTurn)
        #expect(turn == 9)
        let message = userMessage(for: error)
        #expect(message.contains("9"), "\(message)")
        #expect(!message.hasPrefix("error_"), "\(message)")
    }
}
