import MillsCore
import XCTest

/// The engine through the generated Swift API, as the app uses it.
/// Run on a simulator (`xcodebuild test -scheme MillsCore -destination ...`) or, with the
/// macOS slice (`build-xcframework.sh --macos`), with `swift test`.
final class GameSessionTests: XCTestCase {
    private func passAndPlay(_ game: GameId = .twelveMensMorris) throws -> GameSession {
        try GameSession(
            config: SessionConfig(game: game, mode: .passAndPlay, timer: .off),
            options: SessionOptions(seed: 7, timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
    }

    func testNewGameHasAnEmptyBoardAndAsksForAPlacement() throws {
        let snapshot = try passAndPlay().snapshot()
        XCTAssertEqual(snapshot.p1.panel.map(\.nameKey), ["count_in_hand", "count_on_board", "count_captured"])
        XCTAssertEqual(snapshot.points.count, 24)
        XCTAssertTrue(snapshot.points.allSatisfy { $0.owner == nil && $0.target })
        XCTAssertEqual(snapshot.toMove, .p1)
        XCTAssertEqual(snapshot.next, .place)
        XCTAssertEqual(snapshot.p1.inHand, 12)
    }

    func testTapPlacesAndATapOnAnOccupiedPointIsRefused() throws {
        let session = try passAndPlay()
        let before = session.snapshot().revision
        let placed = try session.tap(point: "d6")
        XCTAssertNil(placed.verdict, "a local game adds no verdict")
        guard case .played(let player, let action, let turnEnded, _) = placed.step else {
            return XCTFail("a placement was expected")
        }
        XCTAssertEqual(player, .p1)
        XCTAssertEqual(action, "d6")
        XCTAssertTrue(turnEnded)
        let changes = session.board().changesSince(revision: before).changes
        XCTAssertEqual(changes.map(\.change), [.placed(point: "d6", player: .p1)])
        guard case .refused(let refusal) = try session.tap(point: "d6").step else {
            return XCTFail("a refusal was expected")
        }
        XCTAssertEqual(refusal, .occupied(point: "d6"))
    }

    func testUndoAndRedo() throws {
        let session = try passAndPlay()
        _ = try session.tap(point: "a1")
        try session.undo()
        XCTAssertEqual(session.snapshot().actionCount, 0)
        try session.redo()
        XCTAssertEqual(session.actions(), ["a1"])
        guard case .reset(let snapshot) = session.board().changesSince(revision: 0).changes.last?.change else {
            return XCTFail("undo and redo redraw the board")
        }
        XCTAssertEqual(snapshot.points.first { $0.name == "a1" }?.owner, .p1)
        XCTAssertThrowsError(try session.redo())
    }

    func testSaveAndRestore() throws {
        let session = try passAndPlay(.zhiqi)
        for point in ["d7", "e3", "a1"] {
            _ = try session.tap(point: point)
        }
        let restored = try GameSession.restore(
            json: session.save(),
            options: SessionOptions(timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
        XCTAssertEqual(restored.actions(), ["d7", "e3", "a1"])
        XCTAssertEqual(restored.snapshot().config.game, .zhiqi)
    }

    func testTheComputerMovesOnABackgroundThreadAndTellsTheListener() throws {
        let moved = expectation(description: "the computer moved")
        let listener = ClosureListener { event in
            if case .computerMoved(let player, let actions) = event {
                XCTAssertEqual(player, .p1)
                XCTAssertFalse(actions.isEmpty)
                moved.fulfill()
            }
        }
        let session = try GameSession(
            config: SessionConfig(game: .linkedHorse, mode: .vsComputer(computer: .p1, level: 1), timer: .off),
            options: SessionOptions(seed: 1),
            listener: listener
        )
        wait(for: [moved], timeout: 10)
        XCTAssertEqual(session.snapshot().toMove, .p2)
        // What the computer did to the board is read from the one channel, after the reset.
        XCTAssertEqual(session.board().changesSince(revision: 0).changes.compactMap(\.action), session.actions())
    }

    func testRulesTextInChineseAndEnglish() throws {
        XCTAssertEqual(rulesText(game: .zhiqi, locale: "zh-Hans-CN").locale, "zh-Hans")
        XCTAssertEqual(rulesText(game: .zhiqi, locale: "en-GB").locale, "en")
        XCTAssertEqual(levels().count, 10)
        XCTAssertEqual(levels().filter(\.isDefault).count, 1)
        XCTAssertEqual(games().map(\.game), [.zhiqi, .linkedHorse, .twelveMensMorris])
        XCTAssertEqual(gameInfo(game: .zhiqi).panel.map(\.nameKey), ["count_in_hand", "count_on_board", "count_pins"])
    }

    func testAPanicInTheEngineBecomesAnError() {
        XCTAssertThrowsError(try panicForTests(message: "boom")) { error in
            guard let millsError = error as? MillsError, case .Internal = millsError else {
                return XCTFail("expected MillsError.Internal, got \(error)")
            }
        }
    }
}

private final class ClosureListener: SessionListener, @unchecked Sendable {
    private let handler: (SessionEvent) -> Void

    init(_ handler: @escaping (SessionEvent) -> Void) {
        self.handler = handler
    }

    func onEvent(event: SessionEvent) {
        handler(event)
    }
}
