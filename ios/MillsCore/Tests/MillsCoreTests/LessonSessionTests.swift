import Foundation
import MillsCore
import XCTest

/// The lessons through the generated Swift API, the calls the lesson screens make (the same
/// checks as tests/kotlin/src/LessonsFfiTest.kt).
final class LessonSessionTests: XCTestCase {
    private func played(_ result: TapResult, file: StaticString = #filePath, line: UInt = #line) -> (playedRevision: UInt64, verdict: LessonVerdict)? {
        guard case .played = result.step, case .lesson(let playedRevision, let verdict) = result.verdict else {
            XCTFail("expected a played action, got \(result)", file: file, line: line)
            return nil
        }
        return (playedRevision, verdict)
    }

    /// The board changes after `from` up to `to`, read as the apps read them.
    private func changes(of session: LessonSession, after from: UInt64, upTo to: UInt64) -> [Change] {
        session.board().changesSince(revision: from).changes.filter { $0.revision <= to }.map(\.change)
    }

    func testEachGameHasItsCourseInBothLanguages() {
        for game in [GameId.zhiqi, .linkedHorse, .twelveMensMorris] {
            let english = lessons(game: game, locale: "en-US")
            let chinese = lessons(game: game, locale: "zh-Hans-CN")
            XCTAssertGreaterThanOrEqual(english.count, 6)
            XCTAssertEqual(english.map(\.id), chinese.map(\.id))
            XCTAssertEqual(chinese.first?.locale, "zh-Hans")
            XCTAssertTrue(english.allSatisfy { $0.game == game && !$0.title.isEmpty && !$0.goal.isEmpty && !$0.hint.isEmpty })
            XCTAssertEqual(english.map { Int($0.index) }, Array(english.indices))
        }
    }

    func testALessonIsSolvedByTappingAndAWrongAnswerIsExplained() throws {
        let session = try LessonSession(lessonId: "zhiqi-pin", locale: "en")
        let start = session.snapshot()
        let wrong = try session.tap(point: "e5")
        XCTAssertEqual(wrong.step, .unchanged)
        guard case .lessonWrong(let action, let explanation) = wrong.verdict else {
            return XCTFail("expected the wrong answer")
        }
        XCTAssertEqual(action, "e5")
        XCTAssertTrue(explanation.contains("e5"), explanation)
        XCTAssertEqual(session.snapshot().points, start.points, "nothing was played")
        let place = try XCTUnwrap(played(try session.tap(point: "g7")))
        XCTAssertEqual(place.verdict, .onTheWay)
        XCTAssertEqual(place.playedRevision, session.snapshot().revision, "no reply on the way")
        XCTAssertEqual(changes(of: session, after: start.revision, upTo: place.playedRevision), [.placed(point: "g7", player: .p1)])
        let pin = try XCTUnwrap(played(try session.tap(point: "e4")))
        XCTAssertEqual(pin.verdict, .solved(message: session.lesson().solvedText))
        XCTAssertTrue(session.isSolved())
        XCTAssertEqual(try session.tap(point: "a1"), TapResult(step: .unchanged, verdict: .finished))
        XCTAssertEqual(session.nextLesson()?.id, "zhiqi-double-pin")

        session.tryAgain()
        let batch = session.board().changesSince(revision: start.revision)
        guard case .reset = batch.changes.last?.change else {
            return XCTFail("try again sends a reset")
        }
        XCTAssertEqual(batch.snapshot.points, start.points)
        XCTAssertFalse(session.isSolved())
        XCTAssertThrowsError(try LessonSession(lessonId: "no-such-lesson", locale: "en"))
    }

    func testTheScriptedOpponentRepliesAndTheTimerPasses() throws {
        let session = try LessonSession(lessonId: "twelve-mens-morris-shuttle", locale: "en")
        _ = try session.tap(point: "d2")
        _ = try session.tap(point: "f2")
        let before = session.snapshot().revision
        let capture = try XCTUnwrap(played(try session.tap(point: "b2")))
        guard case .opponentReplied(let player, let actions) = capture.verdict else {
            return XCTFail("expected the scripted reply, got \(capture.verdict)")
        }
        XCTAssertEqual(player, .p2)
        XCTAssertEqual(actions, ["a4-a7"])
        XCTAssertEqual(changes(of: session, after: before, upTo: capture.playedRevision), [.captured(point: "b2", player: .p1)])
        let reply = session.board().changesSince(revision: capture.playedRevision)
        XCTAssertEqual(reply.changes.map(\.change), [.stepped(from: "a4", to: "a7", player: .p2)])
        XCTAssertEqual(reply.revision, session.snapshot().revision)

        let timer = try LessonSession(lessonId: "linked-horse-timer", locale: "en")
        XCTAssertNotNil(timer.lesson().timerSeconds)
        let start = timer.snapshot().revision
        let pass = try XCTUnwrap(played(try timer.timeOut()))
        XCTAssertEqual(changes(of: timer, after: start, upTo: pass.playedRevision), [.passed(player: .p1)])
        guard case .solved = pass.verdict else {
            return XCTFail("the time-out solves the timer lesson")
        }
    }

    func testProgressIsSavedReadBackAndADamagedFileIsKept() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "mills-core-lessons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "lessons.json").path(percentEncoded: false)
        XCTAssertTrue(try lessonProgressLoad(path: path).solved.isEmpty)
        _ = try lessonProgressMarkSolved(path: path, lessonId: "zhiqi-pin")
        let read = try lessonProgressLoad(path: path)
        XCTAssertEqual(read.solved, ["zhiqi-pin"])
        let zhiqi = try XCTUnwrap(read.courses.first { $0.game == .zhiqi })
        XCTAssertEqual(zhiqi.solved, 1)
        XCTAssertEqual(zhiqi.nextLessonId, "zhiqi-double-pin")
        XCTAssertTrue(try lessonProgressReset(path: path, game: .zhiqi).solved.isEmpty)

        let damaged = folder.appending(path: "damaged.json")
        try Data("{\"solved\": 7".utf8).write(to: damaged)
        XCTAssertThrowsError(try lessonProgressLoad(path: damaged.path(percentEncoded: false))) { error in
            guard let millsError = error as? MillsError, case .CorruptSave = millsError else {
                return XCTFail("expected CorruptSave, got \(error)")
            }
        }
        XCTAssertEqual(try String(contentsOf: damaged, encoding: .utf8), "{\"solved\": 7")
    }
}
