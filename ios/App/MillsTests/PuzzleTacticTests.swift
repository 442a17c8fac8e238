@testable import Mills
import Foundation
import MillsCore
import Testing

/// A tactic ("gain K within N turns, whatever the opponent does") played on the puzzle
/// screen's model as a player plays it: the engine's goal in words, the points of a turn
/// that keeps the goal tapped, the defence, the goal reached and counted in the statistics.
/// The goal search judges a tactic: no tables are needed.
@MainActor
@Suite struct PuzzleTacticTests {
    /// A Twelve Men's Morris tactic of more than one turn (the guide's taps have no pulls).
    private func tactic() throws -> PuzzleInfo {
        try #require(PuzzleCatalog.choice(.twelveMensMorris, grade: nil, kind: .tactic).first { $0.turns > 1 })
    }

    @Test func aTacticIsPlayedToItsGoalByTappingItsTurns() async throws {
        let puzzle = try tactic()
        let stats = try temporaryPuzzleStats()
        let spoken = SpokenSentences()
        let model = try PuzzleModel(puzzle: puzzle, locale: "en", stats: stats, announce: spoken.announce)
        #expect(model.goal == (try PuzzleSession(puzzleId: puzzle.id, locale: "en").goal()))
        #expect(model.goal.contains("within \(puzzle.turns) turns"), "\(model.goal)")
        #expect(!model.goal.contains("win in"))
        #expect(model.turnsLeft == Int(puzzle.turns))
        let guide = try PuzzleGuide(puzzle)
        while !model.isSolved {
            #expect(!model.isFailed)
            try guide.playWinningTurn(on: model)
        }
        #expect(model.message == .solved(firstAttempt: .solved))
        #expect(spoken.all.contains { $0.contains("Goal reached!") })
        expectBoardMatchesSnapshot(model)
        let kept = try #require(stats.game(.twelveMensMorris))
        #expect(kept.solved == 1 && kept.solvedIds == [puzzle.id])
        #expect(kept.rating.rating > 1500, "a tactic counts for the rating as an endgame does")
    }

    @Test func aWrongTurnSaysTheGoalIsNoLongerForced() async throws {
        let puzzle = try tactic()
        let model = try PuzzleModel(puzzle: puzzle, locale: "zh-Hans", stats: try temporaryPuzzleStats(), announce: { _ in })
        try tap(model, try wrongTurn(of: puzzle))
        #expect(model.isFailed)
        #expect(model.message == .wrong("这样一来，对方能在剩下的回合里挡住目标。"), "the engine's words for a goal no longer forced")
    }
}
