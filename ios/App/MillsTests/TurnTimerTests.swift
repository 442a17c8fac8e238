@testable import Mills
import Foundation
import MillsCore
import Testing

/// The turn timer as a player meets it, on the engine's manual clock: it runs while the
/// game is on screen and uncovered, passes the turn when it runs out, and stands still under
/// the Rules, Settings and Record sheets, under review and in the background.
@MainActor
struct TurnTimerTests {
    /// A 15-second game on a manual clock whose events reach the model as on a device.
    private func timedGame(spoken: SpokenSentences = SpokenSentences()) throws -> (GameModel, GameSession) {
        let session = try manualSession(timer: .seconds15)
        let model = GameModel(session: session, announce: spoken.announce)
        model.resume()
        return (model, session)
    }

    @Test func runningOutOfTimePassesTheTurnAndSaysSo() async throws {
        let spoken = SpokenSentences()
        let (model, session) = try timedGame(spoken: spoken)
        #expect(model.clock?.isRunning == true)
        #expect(try session.advanceClockForTests(ms: 16_000) == .p1)
        try await waitUntil { model.notice != nil }
        #expect(model.notice == .timedOut(.p1))
        #expect(model.status.detail == "White ran out of time")
        #expect(spoken.all.contains("White ran out of time"))
        #expect(model.isToMove(.p2))
        #expect(model.review.turns.first?.end == .timerPass)
        #expect(model.clock?.player == .p2)
    }

    @Test func eachSheetOverTheBoardStopsTheTimerUntilItCloses() throws {
        for sheet in [GameSheet.rules, .settings, .record] {
            let (model, session) = try timedGame()
            model.sheet = sheet
            #expect(model.snapshot.paused, "\(sheet)")
            #expect(model.clock?.isRunning == false, "\(sheet)")
            #expect(try session.advanceClockForTests(ms: 60_000) == nil, "\(sheet): no time passes under the sheet")
            #expect(model.isToMove(.p1))
            model.sheet = nil
            #expect(!model.snapshot.paused, "\(sheet)")
            #expect(model.clock?.isRunning == true, "\(sheet)")
            #expect(try session.advanceClockForTests(ms: 16_000) == .p1, "\(sheet): the timer runs again")
        }
    }

    @Test func theTimeLeftIsKeptUnderASheet() throws {
        let (model, session) = try timedGame()
        _ = try session.advanceClockForTests(ms: 10_000)
        model.sheet = .settings
        #expect(try session.advanceClockForTests(ms: 30_000) == nil)
        #expect(session.snapshot().timeLeftMs == 5_000, "half a minute under the sheet cost nothing")
        model.sheet = nil
        #expect(try session.advanceClockForTests(ms: 4_000) == nil)
        #expect(try session.advanceClockForTests(ms: 2_000) == .p1)
    }

    @Test func reviewingAndLeavingTheScreenStopTheTimerToo() throws {
        let (model, session) = try timedGame()
        try tap(model, "a1")
        model.stepReview(by: -1)
        #expect(model.snapshot.paused)
        #expect(model.clock(of: .p2) == nil, "no ring under review")
        model.closeReview()
        #expect(!model.snapshot.paused)
        model.pause()
        #expect(model.snapshot.paused)
        #expect(try session.advanceClockForTests(ms: 60_000) == nil)
        // Back on screen with a sheet still up: it stays stopped until the sheet goes.
        model.sheet = .rules
        model.resume()
        #expect(model.snapshot.paused)
        model.sheet = nil
        #expect(!model.snapshot.paused)
    }

    @Test func theRingCountsDownFromTheDeadline() throws {
        let (model, _) = try timedGame()
        let now = Date(timeIntervalSinceReferenceDate: 1_000)
        let clock = try #require(TurnClock(snapshot: model.snapshot, now: now))
        #expect(clock.limit == 15)
        #expect(clock.isRunning)
        #expect(clock.remaining(at: now.addingTimeInterval(5)) == 10)
        #expect(abs(clock.fraction(at: now.addingTimeInterval(5)) - 10.0 / 15.0) < 1e-9)
        #expect(clock.remaining(at: now.addingTimeInterval(20)) == 0)
        model.pause()
        let frozen = try #require(TurnClock(snapshot: model.snapshot, now: now))
        #expect(!frozen.isRunning)
        #expect(frozen.remaining(at: now.addingTimeInterval(100)) == 15)
    }

    @Test func withoutATimerThereIsNoRing() throws {
        let model = GameModel(session: try manualSession(timer: .off), announce: { _ in })
        #expect(model.clock == nil)
        #expect(model.clock(of: .p1) == nil)
    }
}
