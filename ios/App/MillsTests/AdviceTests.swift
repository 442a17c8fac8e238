@testable import Mills
import Foundation
import MillsCore
import Testing

/// Hints and the evaluation bar: searched off the main actor, drawn and worded from the
/// engine's answer.
@MainActor
struct AdviceTests {
    private func model(_ points: [String]) throws -> GameModel {
        let session = try GameSession(
            config: SessionConfig(game: .twelveMensMorris, mode: .passAndPlay, timer: .off),
            options: SessionOptions(timerThread: false, manualClock: true, manualComputer: true),
            listener: nil
        )
        let model = GameModel(session: session, announce: { _ in })
        for point in points {
            model.tap(try #require(model.snapshot.points.first { $0.name == point }))
        }
        return model
    }

    /// Waits (on the main actor, letting the search's task finish) until `done` holds.
    private func wait(until done: () -> Bool, seconds: Double = 10) async throws {
        let deadline = Date.now.addingTimeInterval(seconds)
        while !done() {
            if Date.now >= deadline {
                Issue.record("timed out")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func testAHintIsSearchedOffTheMainActorAndDrawn() async throws {
        let model = try model(["a1", "d7", "a4", "g7"])
        model.askHint()
        #expect(model.advisor.isHinting)
        try await wait(until: { !model.advisor.isHinting })
        let hint = try #require(model.advisor.hint)
        // a7 closes P1's mill and blocks P2's: the best turn at every depth and time.
        #expect(hint.destination == "a7")
        #expect(hint.removals.count == 1)
        #expect(model.advisor.hintsUsed == 1)
        // Playing a turn takes the hint off the board.
        model.tap(try #require(model.snapshot.points.first { $0.name == "a7" }))
        #expect(model.advisor.hint == nil)
    }

    @Test func testAStoppedHintShowsNothing() async throws {
        let model = try model([])
        model.askHint()
        model.cancelHint()
        try await wait(until: { !model.advisor.isHinting })
        // However early the stop came (even before the search began), no hint is drawn.
        #expect(model.advisor.hint == nil)
    }

    @Test func testTheEvaluationBarFollowsTheGame() async throws {
        let model = try model(["a1", "g1"])
        model.advisor.setEvaluates(true)
        try await wait(until: { model.advisor.evaluation != nil })
        let bar = try #require(model.advisor.evaluation?.bar)
        #expect(bar > 0 && bar < 1, "\(bar)")
        model.resign()
        try await wait(until: {
            if case .exactWin(.p2, 0)? = model.advisor.evaluation?.verdict { return true }
            return false
        })
        model.advisor.setEvaluates(false)
        #expect(model.advisor.evaluation == nil)
    }

    @Test func testVerdictsAreSentencesNamingTheSide() {
        let verdicts: [Verdict] = [
            .equal, .slightlyBetter(player: .p1), .better(player: .p1), .winning(player: .p2),
            .forcedWin(player: .p2), .exactWin(player: .p1, turns: 0), .exactWin(player: .p1, turns: 1),
            .exactWin(player: .p2, turns: 7), .exactDraw,
        ]
        let words = verdicts.map(\.words)
        #expect(Set(words).count == words.count, "\(words)")
        for sentence in words {
            #expect(!(sentence.hasPrefix("eval_")), "no catalog entry: \(sentence)")
        }
        #expect(Verdict.exactWin(player: .p2, turns: 7).words.contains("7"))
        #expect(Verdict.better(player: .p1).words.contains(String(localized: "player_white")))
    }

    @Test func testAHintReadsAsASentenceWithItsPoints() {
        let capture = Hint(player: .p1, notation: "a7xg1", actions: ["a7", "xg1"], piece: nil, destination: "a7", removals: ["g1"])
        let placed = capture.sentence(next: .place)
        #expect(placed.contains("a7") && placed.contains("g1"), "\(placed)")
        let step = Hint(player: .p2, notation: "d6-d5", actions: ["d6-d5"], piece: "d6", destination: "d5", removals: [])
        #expect(step.sentence(next: .pickPiece).contains("d6"))
        // A blocked Zhi Qi side pulls first, then steps into the pulled point.
        let pull = Hint(player: .p1, notation: "xb4d5-b4", actions: ["xb4", "d5-b4"], piece: "d5", destination: "b4", removals: ["b4"])
        let sentence = pull.sentence(next: .pull)
        let pulled = sentence.range(of: "b4")
        let stepped = sentence.range(of: "d5")
        #expect(pulled != nil)
        #expect(stepped != nil)
        if let pulled, let stepped {
            #expect(pulled.lowerBound < stepped.lowerBound, "\(sentence)")
        }
    }

    @Test func testTheRecordDateIsTheLocalDayInDigits() {
        let date = RecordDate.today()
        #expect(date.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil, "\(date)")
    }
}
