@testable import Mills
import Foundation
import MillsCore
import Testing

extension TablesSuites {
    /// The puzzle screen's model driven by taps, as a player solves a real puzzle: the engine
    /// judges each whole turn against its tables and defends, the board follows its changes
    /// (the defence a moment after the player's own move), and the statistics file keeps the
    /// first attempt's result and the rating.
    @MainActor
    @Suite struct PuzzleModelTests {
        /// The easiest Twelve Men's Morris endgame (these tests are about the tables' "win in N").
        private func easyPuzzle() throws -> PuzzleInfo {
            try #require(PuzzleCatalog.choice(.twelveMensMorris, grade: .easy, kind: .endgame).first)
        }

        private func model(_ puzzle: PuzzleInfo, stats: PuzzleStatsStore?, spoken: SpokenSentences = SpokenSentences()) throws -> PuzzleModel {
            try PuzzleModel(puzzle: puzzle, locale: "en", stats: stats, announce: spoken.announce)
        }

        @Test func winningTurnsSolveThePuzzleAndCountForTheRating() async throws {
            try await PuzzleTables.prepare()
            let puzzle = try easyPuzzle()
            let stats = try temporaryPuzzleStats()
            let spoken = SpokenSentences()
            let model = try model(puzzle, stats: stats, spoken: spoken)
            let side = puzzle.player == .p1 ? "White" : "Black"
            #expect(model.goal == "\(side) to move and win in \(puzzle.turns)")
            #expect(model.turnsLeft == Int(puzzle.turns))
            let guide = try PuzzleGuide(puzzle)

            // The first turn: right, and the defender answers a moment later.
            let points = try guide.winningPoints()
            try tap(model, points)
            #expect(model.message == .right(turnsLeft: Int(puzzle.turns) - 1))
            #expect(model.turnsLeft == Int(puzzle.turns) - 1)
            #expect(model.isReplyPending, "the defence waits until the player's move is seen")
            try await waitUntil { !model.isReplyPending }
            #expect(model.snapshot.toMove == puzzle.player, "the defender has answered")
            expectBoardMatchesSnapshot(model)
            try guide.follow(points)
            #expect(spoken.all.contains { $0.contains("Right!") })

            // The remaining turns, to the win.
            while !model.isSolved {
                #expect(!model.isFailed)
                try guide.playWinningTurn(on: model)
            }
            #expect(model.message == .solved(firstAttempt: .solved))
            #expect(spoken.all.contains { $0.contains("Solved!") })
            #expect(model.turnsLeft == 0)
            #expect(model.feedback.endings == 1)
            #expect(model.snapshot.outcome?.winner == puzzle.player)
            expectBoardMatchesSnapshot(model)

            let kept = try #require(stats.game(.twelveMensMorris))
            #expect(kept.attempted == 1)
            #expect(kept.solved == 1)
            #expect(kept.solvedIds == [puzzle.id])
            #expect(kept.streak == 1)
            #expect(kept.rating.rating > 1500, "a solved puzzle raises a new player's rating")
            #expect(kept.rating.deviation < 350)
            #expect(!model.statsNotSaved)
        }

        @Test func aWrongTurnEndsTheAttemptWithTheEnginesConsequence() async throws {
            try await PuzzleTables.prepare()
            let puzzle = try easyPuzzle()
            let stats = try temporaryPuzzleStats()
            let model = try model(puzzle, stats: stats)
            let wrong = try wrongTurn(of: puzzle)
            try tap(model, wrong)
            #expect(model.isFailed)
            #expect(!model.isSolved)
            guard case .wrong(let explanation) = model.message else {
                Issue.record("expected the wrong turn's consequence, got \(String(describing: model.message))")
                return
            }
            // the engine's sentence for what the turn allows
            let probe = try PuzzleSession(puzzleId: puzzle.id, locale: "en")
            for point in wrong { _ = try probe.tap(point: point) }
            guard case .failed(let judged) = probe.state() else {
                Issue.record("the probe did not fail")
                return
            }
            #expect(explanation == judged.explanation)
            #expect(["Now it is a draw", "Now you lose in", "This turn loses", "Still a win"].contains { explanation.hasPrefix($0) }, "\(explanation)")
            #expect(model.feedback.refusals == 1)

            // Taps do nothing more until Retry.
            let after = model.snapshot
            if let point = model.snapshot.points.first(where: { $0.owner == nil }) {
                model.tap(point)
            }
            #expect(model.snapshot.points == after.points)

            let kept = try #require(stats.game(.twelveMensMorris))
            #expect(kept.attempted == 1)
            #expect(kept.solved == 0)
            #expect(kept.streak == 0)
            #expect(kept.rating.rating < 1500, "a failed puzzle lowers a new player's rating")
        }

        @Test func retryStartsAgainAndOnlyTheFirstAttemptCounts() async throws {
            try await PuzzleTables.prepare()
            let puzzle = try easyPuzzle()
            let stats = try temporaryPuzzleStats()
            let model = try model(puzzle, stats: stats)
            let start = model.snapshot
            try tap(model, try wrongTurn(of: puzzle))
            #expect(model.isFailed)
            model.retry()
            #expect(!model.isFailed)
            #expect(model.message == nil)
            #expect(model.turnsLeft == Int(puzzle.turns))
            #expect(model.snapshot.points.map(\.owner) == start.points.map(\.owner), "the puzzle's position again")
            expectBoardMatchesSnapshot(model)

            let guide = try PuzzleGuide(puzzle)
            while !model.isSolved {
                try guide.playWinningTurn(on: model)
            }
            #expect(model.message == .solved(firstAttempt: .failed))
            #expect(PuzzleText.solved(firstAttempt: .failed, kind: .endgame) == "Solved on a retry: the first try is what counts")
            let kept = try #require(stats.game(.twelveMensMorris))
            #expect(kept.attempted == 1, "the second attempt is not recorded")
            #expect(kept.solved == 0, "the first attempt failed")
        }

        @Test func aHintShowsTheWinningTurnAndCountsAsSolvedWithHints() async throws {
            try await PuzzleTables.prepare()
            let puzzle = try easyPuzzle()
            let stats = try temporaryPuzzleStats()
            let guide = try PuzzleGuide(puzzle)
            let first = try guide.session.hint()
            let spoken = SpokenSentences()
            let model = try model(puzzle, stats: stats, spoken: spoken)
            model.showHint()
            #expect(model.hint == first, "the engine's winning turn, drawn on the board")
            #expect(model.boardHint == first)
            let sentence = first.sentence(next: model.snapshot.next)
            #expect(sentence.hasPrefix("Hint: move \(first.piece ?? "?") to \(first.destination ?? "?")"), "\(sentence)")
            #expect(spoken.all.last == sentence)
            while !model.isSolved {
                try guide.playWinningTurn(on: model)
                #expect(model.hint == nil || model.isSolved, "the hint goes with the move")
            }
            #expect(model.message == .solved(firstAttempt: .solvedWithHints(hints: 1)))
            let kept = try #require(stats.game(.twelveMensMorris))
            #expect(kept.solved == 1)
            #expect(kept.streak == 0, "a hint ends the streak")
            #expect(kept.rating.rating < 1500, "solved with a hint scores as not solved")
        }

        @Test func theEnginesWordsComeInTraditionalChinese() async throws {
            try await PuzzleTables.prepare()
            let puzzle = try easyPuzzle()
            let model = try PuzzleModel(puzzle: puzzle, locale: "zh-Hant", stats: nil, announce: { _ in })
            let side = puzzle.player == .p1 ? "白方" : "黑方"
            #expect(model.goal == "\(side)先走，\(puzzle.turns) 回合內獲勝")
            try tap(model, try wrongTurn(of: puzzle))
            guard case .wrong(let explanation) = model.message else {
                Issue.record("expected the wrong turn's consequence, got \(String(describing: model.message))")
                return
            }
            #expect(["這樣一來", "這一步", "還能贏"].contains { explanation.hasPrefix($0) }, "\(explanation)")
        }

        @Test func thePuzzlesScreenShowsTodaysPuzzleItsTickAndTheBestRushes() async throws {
            try await PuzzleTables.prepare()
            let stats = try temporaryPuzzleStats()
            let today = Date(timeIntervalSinceReferenceDate: 786_000_000)
            let hub = PuzzlesHubModel(stats: stats, now: { today }, announce: { _ in })
            let daily = try #require(hub.daily)
            #expect(daily == (try PuzzleCatalog.daily(on: today)))
            #expect(!hub.dailySolved)
            #expect(hub.bestRush.values.allSatisfy { $0 == 0 })

            hub.openDaily()
            let model = try #require(hub.puzzle)
            #expect(model.puzzle.id == daily.id)
            try stats.recordPuzzle(daily, result: .solved)
            #expect(try stats.recordRush(.linkedHorse, solved: 7))
            hub.reload()
            #expect(hub.dailySolved)
            #expect(hub.bestRush[.linkedHorse] == 7)
            hub.openRush(.linkedHorse)
            #expect(hub.rush?.game == .linkedHorse)
            #expect(hub.rush?.phase == .ready)
            #expect(hub.rush?.previousBest == 7)
        }

        @Test func nextOpensTheFollowingPuzzleOfTheChoice() async throws {
            try await PuzzleTables.prepare()
            let choice = PuzzleChoiceModel(game: .zhiqi, grade: .medium, kind: .endgames, stats: try temporaryPuzzleStats(), announce: { _ in })
            #expect(choice.puzzles.count > 1)
            #expect(choice.puzzles.allSatisfy { $0.game == .zhiqi && $0.grade == .medium })
            #expect(choice.puzzles.map(\.score) == choice.puzzles.map(\.score).sorted(), "easiest first")
            let model = try #require(choice.open(choice.puzzles[0]))
            #expect(model.nextPuzzle?.id == choice.puzzles[1].id)
            model.openNext()
            #expect(model.puzzle.id == choice.puzzles[1].id)
            #expect(model.nextPuzzle?.id == choice.puzzles.dropFirst(2).first?.id)
            expectBoardMatchesSnapshot(model)
            #expect(model.goal.contains("to move and win in \(choice.puzzles[1].turns)"))
        }
    }
}

/// Puzzles that do not need the tables: the daily puzzle, the statistics file.
@MainActor
struct PuzzleCatalogTests {
    /// Zhi Qi has no easy endgame: a player choosing its endgames lands on medium, never on an
    /// empty list, and is told why easy is not offered.
    @Test func zhiQisChoiceOpensOnItsEasiestGradeNotAnEmptyList() throws {
        let stats = try temporaryPuzzleStats()
        let choice = PuzzleChoiceModel(game: .zhiqi, kind: .endgames, stats: stats, announce: { _ in })
        #expect(choice.grade == .medium)
        #expect(!choice.puzzles.isEmpty)
        #expect(choice.puzzles.allSatisfy { $0.game == .zhiqi && $0.grade == .medium })
        #expect(choice.grades == [.medium, .hard, .expert, .master])
        #expect(choice.missingGrades == [.easy])
        choice.select(.easy)
        #expect(choice.grade == .medium && !choice.puzzles.isEmpty, "an empty grade cannot be chosen")
        choice.select(.hard)
        #expect(choice.grade == .hard && choice.puzzles.allSatisfy { $0.grade == .hard })
        #expect(PuzzleText.missingGrade(.easy, of: .zhiqi, easiest: .medium) == "No Easy puzzles for Zhi Qi: its easiest puzzles are Medium.")

        // the player's last choice is kept when the game has puzzles of it
        #expect(PuzzleChoiceModel(game: .zhiqi, grade: .easy, kind: .endgames, stats: stats, announce: { _ in }).grade == .medium)
        #expect(PuzzleChoiceModel(game: .zhiqi, grade: .expert, kind: .endgames, stats: stats, announce: { _ in }).grade == .expert)
        // with the tactics beside them, Zhi Qi's puzzles have an easy grade
        #expect(PuzzleChoiceModel(game: .zhiqi, grade: .easy, stats: stats, announce: { _ in }).grade == .easy)
        let horse = PuzzleChoiceModel(game: .linkedHorse, stats: stats, announce: { _ in })
        #expect(horse.grade == .easy && !horse.puzzles.isEmpty && horse.missingGrades.isEmpty)
    }

    /// The choice by kind beside the grade: each kind lists its own puzzles only, and a kind
    /// the game has no puzzle of is said in words, never shown as an empty list.
    @Test func choosingByKindListsThatKindOrSaysTheGameHasNone() throws {
        let choice = PuzzleChoiceModel(game: .zhiqi, stats: try temporaryPuzzleStats(), announce: { _ in })
        #expect(choice.kindChoice == .all && choice.noneOfKind == nil && !choice.puzzles.isEmpty)
        choice.select(kind: .endgames)
        #expect(!choice.puzzles.isEmpty)
        #expect(choice.puzzles.allSatisfy { $0.kind == .endgame && $0.grade == choice.grade })
        #expect(choice.noneOfKind == nil)
        choice.select(kind: .tactics)
        #expect(choice.kindChoice == .tactics)
        if PuzzleCatalog.choice(.zhiqi, grade: nil, kind: .tactic).isEmpty {
            #expect(choice.puzzles.isEmpty && choice.grades.isEmpty && choice.missingGrades.isEmpty)
            #expect(choice.noneOfKind == "No Tactic puzzles for Zhi Qi yet: choose another kind.")
        } else {
            #expect(!choice.puzzles.isEmpty && choice.puzzles.allSatisfy { $0.kind == .tactic })
            #expect(choice.noneOfKind == nil)
            let first = try #require(choice.puzzles.first)
            #expect(PuzzleText.summary(first).hasSuffix("reach the goal in \(first.turns)"))
        }
        choice.select(kind: .all)
        #expect(!choice.puzzles.isEmpty && choice.noneOfKind == nil)
        // a tactic's results are worded as a goal reached, not a game won
        #expect(PuzzleText.solved(firstAttempt: .solved, kind: .tactic) == "Goal reached!")
        #expect(PuzzleText.solved(firstAttempt: .solved, kind: .endgame) == "Solved!")
        #expect(PuzzleText.wrong(kind: .tactic) == "Not the turn that reaches the goal")
        #expect(PuzzleText.wrong(kind: .endgame) == "Not the winning turn")
        #expect(PuzzleText.kindChoice(.tactics) == "Tactics" && PuzzleText.kind(.endgame) == "Endgame")
    }

    @Test func theDailyPuzzleIsTheSameForEveryoneOnTheLocalDate() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let evening = try #require(utc.date(from: DateComponents(year: 2026, month: 12, day: 6, hour: 20)))
        let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
        let london = try #require(TimeZone(identifier: "Europe/London"))
        // 20:00 in London is already 7 December in Taipei
        let inLondon = try PuzzleCatalog.daily(on: evening, timeZone: london)
        let inTaipei = try PuzzleCatalog.daily(on: evening, timeZone: taipei)
        #expect(inLondon == (try puzzleDaily(year: 2026, month: 12, day: 6, game: nil)))
        #expect(inTaipei == (try puzzleDaily(year: 2026, month: 12, day: 7, game: nil)))
        #expect(try PuzzleCatalog.daily(on: evening, timeZone: london) == inLondon, "the same every time")
        // over a week the puzzle changes
        let week = try (0..<7).map { day in
            try PuzzleCatalog.daily(on: evening.addingTimeInterval(Double(day) * 86_400), timeZone: london).id
        }
        #expect(Set(week).count > 1)
    }

    @Test func theStatisticsScreenReadsTheEnginesFileAndRefusesADamagedOne() throws {
        let store = try temporaryPuzzleStats()
        let fresh = PuzzleStatsModel(store: store)
        #expect(fresh.error == nil)
        #expect(fresh.rows.map(\.game) == games().map(\.game))
        let zhiqi = try #require(fresh.rows.first { $0.game == .zhiqi })
        #expect(zhiqi.ratingText == "1500 ± 350", "a new player")
        #expect(zhiqi.solved == 0)
        #expect(zhiqi.total == PuzzleCatalog.choice(.zhiqi, grade: nil).count)
        #expect(zhiqi.total >= 300)

        #expect(try store.recordRush(.zhiqi, solved: 4))
        #expect(try !store.recordRush(.zhiqi, solved: 3))
        fresh.reload()
        #expect(fresh.rows.first { $0.game == .zhiqi }?.bestRush == 4)

        try Data("not statistics".utf8).write(to: URL(filePath: store.path))
        let damaged = PuzzleStatsModel(store: store)
        #expect(damaged.error == "The statistics cannot be read. The file is kept as it is.")
        #expect(try String(contentsOf: URL(filePath: store.path), encoding: .utf8) == "not statistics")
    }

    @Test func gamesAgainstTheComputerMoveTheRatingAndPassAndPlayDoesNot() throws {
        let locations = try temporaryLocations()
        let app = AppModel(locations: locations, announce: { _ in }, preparesTables: false)
        app.start(.zhiqi, mode: .passAndPlay, settings: SessionSettings(humanSide: .white, level: 2, timer: .off))
        app.game?.resign()
        #expect(locations.puzzleStats.game(.zhiqi)?.ratedGames == 0)
        app.start(.zhiqi, mode: .vsComputer, settings: SessionSettings(humanSide: .white, level: 2, timer: .off))
        app.game?.resign()
        let rated = try #require(locations.puzzleStats.game(.zhiqi))
        #expect(rated.ratedGames == 1)
        #expect(rated.rating.rating < 1500, "a loss against level 2")
        app.game?.close()
    }
}
