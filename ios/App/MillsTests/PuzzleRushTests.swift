@testable import Mills
import Foundation
import MillsCore
import Testing

/// A test's clock: the rush reads the time from it, the test moves it.
@MainActor
final class TestClock {
    var now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func advance(_ seconds: TimeInterval) {
        now = now.addingTimeInterval(seconds)
    }
}

extension TablesSuites {
    /// The rush on a clock the test moves: it counts down only while on screen, each solved
    /// puzzle counts and the next one comes, difficulty rising; when the time is up it ends
    /// and the engine keeps the best.
    @MainActor
    @Suite struct PuzzleRushTests {
        private func rush(_ clock: TestClock, stats: PuzzleStatsStore?, spoken: SpokenSentences = SpokenSentences()) -> PuzzleRushModel {
            PuzzleRushModel(game: .twelveMensMorris, seed: 11, stats: stats, now: { clock.now }, announce: spoken.announce)
        }

        @Test func theClockRunsOnScreenAndTheRushEndsWhenTheTimeIsUp() async throws {
            try await PuzzleTables.prepare()
            let clock = TestClock()
            let stats = try temporaryPuzzleStats()
            let spoken = SpokenSentences()
            let rush = rush(clock, stats: stats, spoken: spoken)
            #expect(rush.phase == .ready)
            #expect(rush.remaining == TimeInterval(puzzleRushSeconds()))
            rush.setOnScreen(true)
            clock.advance(30)
            #expect(rush.remaining == TimeInterval(puzzleRushSeconds()), "no time passes before the start")

            rush.start()
            #expect(rush.phase == .running)
            let first = try #require(rush.current)
            #expect(first.puzzle.grade == .easy, "a rush starts easy")
            clock.advance(60)
            #expect(rush.remaining == TimeInterval(puzzleRushSeconds()) - 60)

            // Off screen (another app, the screen left): the clock stands still.
            rush.setOnScreen(false)
            clock.advance(1_000)
            #expect(!rush.checkTime())
            #expect(rush.remaining == TimeInterval(puzzleRushSeconds()) - 60)
            rush.setOnScreen(true)

            // A solved puzzle counts, and the next one comes.
            let firstId = first.puzzle.id
            let guide = try PuzzleGuide(first.puzzle)
            while !first.isSolved {
                try guide.playWinningTurn(on: first)
            }
            #expect(rush.solved == 1)
            #expect(rush.missed == 0)
            rush.advance()
            #expect(rush.current?.puzzle.id != firstId)
            #expect(rush.current?.isFinished == false)
            expectBoardMatchesSnapshot(try #require(rush.current))

            // A wrong turn costs the puzzle.
            let second = try #require(rush.current)
            try tap(second, try wrongTurn(of: second.puzzle))
            #expect(rush.missed == 1)
            #expect(rush.solved == 1)
            rush.advance()

            clock.advance(TimeInterval(puzzleRushSeconds()))
            #expect(rush.checkTime())
            #expect(rush.phase == .over)
            #expect(rush.isNewBest)
            #expect(stats.game(.twelveMensMorris)?.bestRush == 1)
            #expect(spoken.all.last == "Time is up: 1 solved")
            // A rush's puzzles are not the statistics' puzzles: only the best rush is kept.
            #expect(stats.game(.twelveMensMorris)?.attempted == 0)

            // The next rush with fewer solved is not a best.
            let again = self.rush(clock, stats: stats)
            #expect(again.previousBest == 1)
            again.setOnScreen(true)
            again.start()
            clock.advance(TimeInterval(puzzleRushSeconds()) + 1)
            #expect(again.checkTime())
            #expect(!again.isNewBest)
            #expect(stats.game(.twelveMensMorris)?.bestRush == 1)
        }

        @Test func aTurnAfterTheDeadlineDoesNotCount() async throws {
            try await PuzzleTables.prepare()
            let clock = TestClock()
            let rush = rush(clock, stats: nil)
            rush.setOnScreen(true)
            rush.start()
            let puzzle = try #require(rush.current)
            clock.advance(TimeInterval(puzzleRushSeconds()) + 5)
            let guide = try PuzzleGuide(puzzle.puzzle)
            while !puzzle.isSolved {
                try guide.playWinningTurn(on: puzzle)
            }
            #expect(rush.phase == .over)
            #expect(rush.solved == 0)
        }
    }
}

/// The rush's clock alone.
struct RushClockTests {
    @Test func itCountsDownOnlyWhileItRuns() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let standing = RushClock(length: 180)
        #expect(!standing.isRunning)
        #expect(standing.remaining(at: start.addingTimeInterval(500)) == 180)
        let running = standing.resumed(at: start)
        #expect(running.remaining(at: start.addingTimeInterval(30)) == 150)
        #expect(running.fraction(at: start.addingTimeInterval(90)) == 0.5)
        let paused = running.paused(at: start.addingTimeInterval(100))
        #expect(paused.remaining(at: start.addingTimeInterval(10_000)) == 80)
        let again = paused.resumed(at: start.addingTimeInterval(10_000))
        #expect(!again.isOver(at: start.addingTimeInterval(10_079)))
        #expect(again.isOver(at: start.addingTimeInterval(10_080)))
        #expect(again.remaining(at: start.addingTimeInterval(20_000)) == 0)
    }
}
