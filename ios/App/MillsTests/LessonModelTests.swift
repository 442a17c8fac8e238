@testable import Mills
import MillsCore
import XCTest

/// The lesson screen's model driven by taps, as a learner plays: the engine judges, the
/// board follows its changes, the verdicts and the progress file are what the screen shows.
final class LessonModelTests: XCTestCase {
    /// A progress file of its own in a fresh folder.
    private func temporaryStore() throws -> LessonProgressStore {
        let folder = FileManager.default.temporaryDirectory.appending(path: "mills-lessons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return LessonProgressStore(path: folder.appending(path: "lessons.json").path(percentEncoded: false))
    }

    @MainActor
    private func tap(_ model: LessonModel, _ names: String...) {
        for name in names {
            guard let point = model.snapshot.points.first(where: { $0.name == name }) else {
                return XCTFail("no point \(name)")
            }
            model.tap(point)
        }
    }

    /// The drawn pieces always equal the snapshot's.
    @MainActor
    private func assertBoardMatchesSnapshot(_ model: LessonModel, file: StaticString = #filePath, line: UInt = #line) {
        var owners: [String: Player] = [:]
        for point in model.snapshot.points {
            owners[point.name] = point.owner
        }
        XCTAssertEqual(model.pieces.onBoard.mapValues(\.owner), owners, file: file, line: line)
    }

    @MainActor
    func testALessonIsSolvedByTappingAndMarkedSolved() throws {
        let store = try temporaryStore()
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: store)
        XCTAssertEqual(model.lesson.game, .zhiqi)
        XCTAssertFalse(model.isSolved)
        tap(model, "g7")
        XCTAssertFalse(model.isSolved, "the pin is still owed")
        XCTAssertEqual(model.feedback.moves, 1)
        tap(model, "e4")
        XCTAssertTrue(model.isSolved)
        XCTAssertEqual(model.message, .solved(model.lesson.solvedText))
        XCTAssertEqual(model.feedback.endings, 1)
        XCTAssertEqual(model.pieces.onBoard["e4"]?.flips, 1, "the pinned piece turned over")
        assertBoardMatchesSnapshot(model)
        XCTAssertFalse(model.progressNotSaved)
        XCTAssertEqual(try store.load().solved, ["zhiqi-pin"])
        XCTAssertEqual(model.nextLesson?.id, "zhiqi-double-pin")
    }

    @MainActor
    func testAWrongAnswerIsExplainedAndNothingIsPlayed() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore())
        let start = model.snapshot
        tap(model, "e5")
        guard case .wrong(let explanation) = model.message else {
            return XCTFail("expected the wrong answer's explanation, got \(String(describing: model.message))")
        }
        XCTAssertTrue(explanation.contains("e5"), explanation)
        XCTAssertEqual(model.feedback.refusals, 1)
        XCTAssertEqual(model.feedback.refusedPoint, "e5")
        XCTAssertEqual(model.snapshot.points, start.points, "nothing was played")
        tap(model, "b2")
        guard case .notThisTime(let text) = model.message else {
            return XCTFail("expected not this time, got \(String(describing: model.message))")
        }
        XCTAssertTrue(text.contains(model.lesson.hint), text)
        model.showHint()
        XCTAssertTrue(model.showsHint)
    }

    @MainActor
    func testTryAgainPutsTheStartBackOnTheBoard() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore())
        let start = model.snapshot
        tap(model, "g7", "e4")
        XCTAssertTrue(model.isSolved)
        model.tryAgain()
        XCTAssertFalse(model.isSolved)
        XCTAssertNil(model.message)
        XCTAssertFalse(model.showsHint)
        XCTAssertEqual(model.snapshot.points, start.points)
        assertBoardMatchesSnapshot(model)
        tap(model, "g7", "e3")
        XCTAssertTrue(model.isSolved, "another accepted solution")
    }

    @MainActor
    func testTheScriptedReplyMovesTheBoardAfterTheLearnersMove() async throws {
        let model = try LessonModel(lessonId: "twelve-mens-morris-shuttle", locale: "en", progress: try temporaryStore())
        tap(model, "d2", "f2", "b2")
        XCTAssertFalse(model.isSolved)
        XCTAssertNil(model.pieces.onBoard["b2"], "the learner's capture is shown at once")
        XCTAssertEqual(model.pieces.onBoard["a4"]?.owner, .p2, "the reply waits a moment")
        try await Task.sleep(for: .seconds(1))
        XCTAssertEqual(model.pieces.onBoard["a7"]?.owner, .p2, "Black answered a4-a7")
        XCTAssertNil(model.pieces.onBoard["a4"])
        XCTAssertEqual(model.snapshot.toMove, model.lesson.learner)
        assertBoardMatchesSnapshot(model)
    }

    @MainActor
    func testATapWhileTheReplyWaitsShowsItFirst() throws {
        let model = try LessonModel(lessonId: "twelve-mens-morris-shuttle", locale: "en", progress: try temporaryStore())
        tap(model, "d2", "f2", "b2")
        model.tryAgain()
        XCTAssertNil(model.message)
        assertBoardMatchesSnapshot(model)
        XCTAssertEqual(model.pieces.onBoard["a4"]?.owner, .p2, "the start again")
    }

    @MainActor
    func testTheTimerLessonShowsItsClockAndIsSolvedWhenTimeRunsOut() throws {
        let model = try LessonModel(lessonId: "linked-horse-timer", locale: "zh-Hans", progress: try temporaryStore())
        let clock = try XCTUnwrap(model.clock)
        XCTAssertEqual(clock.limit, TimeInterval(try XCTUnwrap(model.lesson.timerSeconds)))
        XCTAssertFalse(clock.isRunning, "not on screen yet")
        model.setTimerAllowed(true)
        XCTAssertEqual(model.clock?.isRunning, true)
        model.setTimerAllowed(false)
        XCTAssertEqual(model.clock?.isRunning, false)
        model.timeOut()
        XCTAssertTrue(model.isSolved)
        XCTAssertNil(model.clock, "no timer once solved")
        XCTAssertEqual(model.lesson.locale, "zh-Hans")
    }

    @MainActor
    func testNextOpensTheFollowingLessonOnTheSameScreen() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore())
        tap(model, "g7", "e4")
        let next = try XCTUnwrap(model.nextLesson)
        model.openNext()
        XCTAssertEqual(model.lesson.id, next.id)
        XCTAssertFalse(model.isSolved)
        XCTAssertNil(model.message)
        assertBoardMatchesSnapshot(model)
    }

    @MainActor
    func testTheCourseCountsSolvedLessonsAndStartsAgain() throws {
        let store = try temporaryStore()
        let course = CourseModel(game: .zhiqi, locale: "en", store: store)
        XCTAssertEqual(course.solvedCount, 0)
        XCTAssertEqual(course.total, course.lessons.count)
        XCTAssertEqual(course.nextLesson?.id, course.lessons.first?.id)
        let first = try XCTUnwrap(course.lessons.first)
        let model = try LessonModel(lessonId: first.id, locale: "en", progress: store)
        tap(model, "g7", "e4")
        course.reload()
        XCTAssertEqual(course.solvedCount, 1)
        XCTAssertTrue(course.isSolved(first))
        XCTAssertEqual(course.nextLesson?.id, course.lessons[1].id)
        course.reset()
        XCTAssertEqual(course.solvedCount, 0)
        XCTAssertFalse(course.isSolved(first))
        XCTAssertNil(course.error)
    }

    @MainActor
    func testADamagedProgressFileIsReportedAndKept() throws {
        let store = try temporaryStore()
        try Data("{\"solved\": 7".utf8).write(to: URL(filePath: store.path))
        let course = CourseModel(game: .zhiqi, locale: "en", store: store)
        XCTAssertEqual(course.error, String(localized: "lessons_progress_damaged"))
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: store)
        tap(model, "g7", "e4")
        XCTAssertTrue(model.isSolved, "the lesson is solved even when its mark cannot be kept")
        XCTAssertTrue(model.progressNotSaved)
        XCTAssertEqual(try String(contentsOf: URL(filePath: store.path), encoding: .utf8), "{\"solved\": 7")
    }

    func testTheOfferIsKeptPerGame() {
        var offered = OfferedCourses()
        XCTAssertFalse(offered.contains(.zhiqi))
        offered.insert(.zhiqi)
        offered.insert(.zhiqi)
        XCTAssertTrue(offered.contains(.zhiqi))
        XCTAssertFalse(offered.contains(.linkedHorse))
        let stored = OfferedCourses(rawValue: offered.rawValue)
        XCTAssertTrue(stored.contains(.zhiqi))
        XCTAssertEqual(stored.rawValue.split(separator: "\n").count, 1)
    }
}
