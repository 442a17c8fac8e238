@testable import Mills
import Foundation
import MillsCore
import Testing

/// The lesson screen's model driven by taps, as a learner plays: the engine judges, the
/// board follows its changes, the verdicts and the progress file are what the screen shows.
@MainActor
struct LessonModelTests {
    /// A progress file of its own in a fresh folder (under the system's temporary folder).
    private func temporaryStore() throws -> LessonProgressStore {
        let folder = try TemporaryFolder.make("lessons")
        return LessonProgressStore(path: folder.appending(path: "lessons.json").path(percentEncoded: false))
    }

    private func tap(_ model: LessonModel, _ names: String...) {
        for name in names {
            guard let point = model.snapshot.points.first(where: { $0.name == name }) else {
                Issue.record("no point \(name)")
                return
            }
            model.tap(point)
        }
    }

    /// The drawn pieces always equal the snapshot's.
    private func assertBoardMatchesSnapshot(_ model: LessonModel, sourceLocation: SourceLocation = #_sourceLocation) {
        var owners: [String: Player] = [:]
        for point in model.snapshot.points {
            owners[point.name] = point.owner
        }
        #expect(model.pieces.onBoard.mapValues(\.owner) == owners, sourceLocation: sourceLocation)
    }

    @Test func testALessonIsSolvedByTappingAndMarkedSolved() throws {
        let store = try temporaryStore()
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: store, announce: { _ in })
        #expect(model.lesson.game == .zhiqi)
        #expect(!model.isSolved)
        tap(model, "g7")
        #expect(!model.isSolved, "the pin is still owed")
        #expect(model.feedback.moves == 1)
        tap(model, "e4")
        #expect(model.isSolved)
        #expect(model.message == .solved(model.lesson.solvedText))
        #expect(model.feedback.endings == 1)
        #expect(model.pieces.onBoard["e4"]?.flips == 1, "the pinned piece turned over")
        assertBoardMatchesSnapshot(model)
        #expect(!model.progressNotSaved)
        #expect(try store.load().solved == ["zhiqi-pin"])
        #expect(model.nextLesson?.id == "zhiqi-double-pin")
    }

    @Test func testAWrongAnswerIsExplainedAndNothingIsPlayed() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore(), announce: { _ in })
        let start = model.snapshot
        tap(model, "e5")
        guard case .wrong(let explanation) = model.message else {
            Issue.record("expected the wrong answer's explanation, got \(String(describing: model.message))")
            return
        }
        #expect(explanation.contains("e5"), "\(explanation)")
        #expect(model.feedback.refusals == 1)
        #expect(model.feedback.refusedPoint == "e5")
        #expect(model.snapshot.points == start.points, "nothing was played")
        tap(model, "b2")
        guard case .notThisTime(let text) = model.message else {
            Issue.record("expected not this time, got \(String(describing: model.message))")
            return
        }
        #expect(text.contains(model.lesson.hint), "\(text)")
        model.showHint()
        #expect(model.showsHint)
    }

    @Test func testTryAgainPutsTheStartBackOnTheBoard() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore(), announce: { _ in })
        let start = model.snapshot
        tap(model, "g7", "e4")
        #expect(model.isSolved)
        model.tryAgain()
        #expect(!model.isSolved)
        #expect(model.message == nil)
        #expect(!model.showsHint)
        #expect(model.snapshot.points == start.points)
        assertBoardMatchesSnapshot(model)
        tap(model, "g7", "e3")
        #expect(model.isSolved, "another accepted solution")
    }

    @Test func testTheScriptedReplyMovesTheBoardAfterTheLearnersMove() async throws {
        let model = try LessonModel(lessonId: "twelve-mens-morris-shuttle", locale: "en", progress: try temporaryStore(), announce: { _ in })
        tap(model, "d2", "f2", "b2")
        #expect(!model.isSolved)
        #expect(model.pieces.onBoard["b2"] == nil, "the learner's capture is shown at once")
        #expect(model.pieces.onBoard["a4"]?.owner == .p2, "the reply waits a moment")
        // a moment later (0.45 s; longer when the main actor is busy with other tests)
        try await waitUntil { model.pieces.onBoard["a7"] != nil }
        #expect(model.pieces.onBoard["a7"]?.owner == .p2, "Black answered a4-a7")
        #expect(model.pieces.onBoard["a4"] == nil)
        #expect(model.snapshot.toMove == model.lesson.learner)
        assertBoardMatchesSnapshot(model)
    }

    @Test func testATapWhileTheReplyWaitsShowsItFirst() throws {
        let model = try LessonModel(lessonId: "twelve-mens-morris-shuttle", locale: "en", progress: try temporaryStore(), announce: { _ in })
        tap(model, "d2", "f2", "b2")
        model.tryAgain()
        #expect(model.message == nil)
        assertBoardMatchesSnapshot(model)
        #expect(model.pieces.onBoard["a4"]?.owner == .p2, "the start again")
    }

    @Test func testTheTimerLessonShowsItsClockAndIsSolvedWhenTimeRunsOut() throws {
        let model = try LessonModel(lessonId: "linked-horse-timer", locale: "zh-Hans", progress: try temporaryStore(), announce: { _ in })
        let clock = try #require(model.clock)
        #expect(clock.limit == TimeInterval(try #require(model.lesson.timerSeconds)))
        #expect(!clock.isRunning, "not on screen yet")
        model.setTimerAllowed(true)
        #expect(model.clock?.isRunning == true)
        model.setTimerAllowed(false)
        #expect(model.clock?.isRunning == false)
        model.timeOut()
        #expect(model.isSolved)
        #expect(model.clock == nil, "no timer once solved")
        #expect(model.lesson.locale == "zh-Hans")
    }

    @Test func testNextOpensTheFollowingLessonOnTheSameScreen() throws {
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: try temporaryStore(), announce: { _ in })
        tap(model, "g7", "e4")
        let next = try #require(model.nextLesson)
        model.openNext()
        #expect(model.lesson.id == next.id)
        #expect(!model.isSolved)
        #expect(model.message == nil)
        assertBoardMatchesSnapshot(model)
    }

    @Test func testTheCourseCountsSolvedLessonsAndStartsAgain() throws {
        let store = try temporaryStore()
        let course = CourseModel(game: .zhiqi, locale: "en", store: store)
        #expect(course.solvedCount == 0)
        #expect(course.total == course.lessons.count)
        #expect(course.nextLesson?.id == course.lessons.first?.id)
        let first = try #require(course.lessons.first)
        let model = try LessonModel(lessonId: first.id, locale: "en", progress: store, announce: { _ in })
        tap(model, "g7", "e4")
        course.reload()
        #expect(course.solvedCount == 1)
        #expect(course.isSolved(first))
        #expect(course.nextLesson?.id == course.lessons[1].id)
        course.reset()
        #expect(course.solvedCount == 0)
        #expect(!course.isSolved(first))
        #expect(course.error == nil)
    }

    @Test func testADamagedProgressFileIsReportedAndKept() throws {
        let store = try temporaryStore()
        try Data("{\"solved\": 7".utf8).write(to: URL(filePath: store.path))
        let course = CourseModel(game: .zhiqi, locale: "en", store: store)
        #expect(course.error == String(localized: "lessons_progress_damaged"))
        let model = try LessonModel(lessonId: "zhiqi-pin", locale: "en", progress: store, announce: { _ in })
        tap(model, "g7", "e4")
        #expect(model.isSolved, "the lesson is solved even when its mark cannot be kept")
        #expect(model.progressNotSaved)
        #expect(try String(contentsOf: URL(filePath: store.path), encoding: .utf8) == "{\"solved\": 7")
    }

    @Test func testTheOfferIsKeptPerGame() {
        var offered = OfferedCourses()
        #expect(!offered.contains(.zhiqi))
        offered.insert(.zhiqi)
        offered.insert(.zhiqi)
        #expect(offered.contains(.zhiqi))
        #expect(!offered.contains(.linkedHorse))
        let stored = OfferedCourses(rawValue: offered.rawValue)
        #expect(stored.contains(.zhiqi))
        #expect(stored.rawValue.split(separator: "\n").count == 1)
    }
}
