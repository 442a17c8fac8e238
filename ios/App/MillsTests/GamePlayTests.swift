@testable import Mills
import Foundation
import MillsCore
import Testing

/// A game played through its model as a player plays it: taps on points, the buttons under
/// the board, and what the screen then says, shows and announces.
@MainActor
struct GamePlayTests {
    private func game(
        _ id: GameId = .twelveMensMorris,
        mode: GameMode = .passAndPlay,
        spoken: SpokenSentences = SpokenSentences()
    ) throws -> GameModel {
        GameModel(session: try manualSession(id, mode: mode), announce: spoken.announce)
    }

    @Test func aNewGameOfEachKindWaitsForWhitesFirstPlacement() throws {
        for id in [GameId.zhiqi, .linkedHorse, .twelveMensMorris] {
            let model = try game(id)
            #expect(model.game == id)
            #expect(model.isPassAndPlay)
            #expect(model.snapshot.points.allSatisfy { $0.owner == nil && $0.target }, "\(id)")
            #expect(model.status == GameStatus(turn: "White to play", detail: "Place a piece", isNotice: false))
            #expect(model.pieces.pieces.isEmpty)
            #expect(!model.snapshot.canUndo)
            #expect(model.side(.p1).inHand == UInt32(gameInfo(game: id).piecesEach))
        }
    }

    @Test func againstTheComputerTheHumanIsYouAndSitsBelowTheBoard() throws {
        let black = try game(mode: .vsComputer(computer: .p1, level: 1))
        #expect(black.humanPlayer == .p2)
        #expect(black.nearPlayer == .p2)
        #expect(black.farPlayer == .p1)
        #expect(black.names.name(.p2) == "You")
        #expect(black.names.name(.p1) == "Computer")
        // The computer places first: not the human's turn, so no hint either.
        #expect(black.status.turn == "Computer's turn")
        #expect(!black.canAskHint)
        let white = try game(mode: .vsComputer(computer: .p2, level: 1))
        #expect(white.status.turn == "Your turn")
        #expect(white.canAskHint)
        #expect(white.nearPlayer == .p1)
    }

    @Test func placingAnnouncesWhoPlayedWhereAndCountsTheMove() throws {
        let spoken = SpokenSentences()
        let model = try game(spoken: spoken)
        try tap(model, "a1")
        #expect(spoken.all == ["White placed on a1"])
        #expect(model.feedback.moves == 1)
        #expect(model.pieces.onBoard["a1"]?.owner == .p1)
        #expect(model.side(.p1).inHand == 11)
        #expect(model.side(.p1).onBoard == 1)
        #expect(model.isToMove(.p2))
        #expect(model.status.turn == "Black to play")
        #expect(model.snapshot.lastTurnPoints == ["a1"])
        #expect(model.scene.lastTurnPoints == ["a1"])
    }

    @Test func aMillAsksForACaptureAndTheCapturedPieceLeaves() throws {
        let spoken = SpokenSentences()
        let model = try game(spoken: spoken)
        try tap(model, "a1", "g1", "a4", "g4", "a7")
        #expect(spoken.all.last == "White placed on a7, Mill!")
        #expect(model.status.detail == "Capture one of the opponent's pieces")
        #expect(model.scene.targets.sorted() == ["g1", "g4"])
        #expect(!model.scene.linesFormed.isEmpty)
        try tap(model, "g1")
        #expect(spoken.all.last == "White captured g1")
        #expect(model.pieces.onBoard["g1"] == nil)
        #expect(model.pieces.leaving.map(\.point) == ["g1"])
        #expect(model.feedback.removals == 1)
        #expect(owners(model.snapshot.points) == model.pieces.onBoard.mapValues(\.owner))
        #expect(model.side(.p2).onBoard == 1)
    }

    @Test func aZhiQiMillPinsAndTurnsThePieceOver() throws {
        let spoken = SpokenSentences()
        let model = try game(.zhiqi, spoken: spoken)
        // Zhi Qi F of RULES.md §8: a7 completes two lines, so White pins twice.
        try tap(model, "a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7")
        #expect(model.status.detail == "Pin one of the opponent's pieces (2 to go)")
        let before = try #require(model.pieces.onBoard["g1"])
        try tap(model, "g1")
        let after = try #require(model.pieces.onBoard["g1"])
        #expect(after.id == before.id)
        #expect(after.owner == .p1)
        #expect(after.flips == 1)
        #expect(spoken.all.last == "White pinned g1")
        #expect(model.status.detail == "Pin one of the opponent's pieces")
    }

    @Test func aRefusedTapSaysWhyAndShakesThatPoint() throws {
        let model = try game()
        try tap(model, "a1", "a1")
        #expect(model.notice == .refused(.occupied(point: "a1")))
        #expect(model.status == GameStatus(turn: "Black to play", detail: "a1 is taken", isNotice: true))
        #expect(model.feedback.refusals == 1)
        #expect(model.feedback.refusedPoint == "a1")
        model.dismissNotice()
        #expect(model.status.detail == "Place a piece")
    }

    @Test func undoAndRedoTakeTheMoveBackAndPlayItAgain() throws {
        let spoken = SpokenSentences()
        let model = try game(spoken: spoken)
        try tap(model, "a1", "g1")
        #expect(model.snapshot.canUndo)
        model.undo()
        #expect(spoken.all.last == "Move taken back")
        #expect(model.pieces.onBoard["g1"] == nil)
        #expect(model.isToMove(.p2))
        #expect(model.snapshot.canRedo)
        #expect(model.feedback.moves == 2, "a reset redraws without a motion")
        model.redo()
        #expect(spoken.all.last == "Move played again")
        #expect(model.pieces.onBoard["g1"]?.owner == .p2)
        #expect(!model.snapshot.canRedo)
        #expect(model.review.turns.map(\.notation) == ["a1", "g1"])
    }

    @Test func undoWithNothingToTakeBackIsANoticeNotACrash() throws {
        let model = try game()
        model.undo()
        #expect(model.notice == .failure("There is no move to take back"))
        #expect(model.status.detail == "There is no move to take back")
        model.redo()
        #expect(model.notice == .failure("There is no move to play again"))
    }

    @Test func resigningEndsTheGameWithTheResultSheet() throws {
        let spoken = SpokenSentences()
        let model = try game(spoken: spoken)
        try tap(model, "a1")
        #expect(model.snapshot.unfinished)
        #expect(model.asksBeforeNewGame)
        model.resign()
        #expect(spoken.all.last == "Black resigned")
        #expect(model.isOver)
        #expect(model.showsResult)
        #expect(model.feedback.endings == 1)
        let result = try #require(model.snapshot.outcome)
        #expect(model.names.headline(for: result) == "White wins!")
        #expect(model.names.explanation(for: result) == "Black resigned.")
        #expect(model.status.turn == "White wins!")
        #expect(model.status.detail == "Game over")
        #expect(!model.asksBeforeNewGame)
        #expect(!model.canAskHint)
    }

    @Test func aRematchStartsAFreshGameOfTheSameKind() throws {
        let spoken = SpokenSentences()
        let model = try game(.linkedHorse, spoken: spoken)
        try tap(model, "d6")
        model.resign()
        model.rematch()
        #expect(spoken.all.last == "New game")
        #expect(!model.isOver)
        #expect(!model.showsResult)
        #expect(model.game == .linkedHorse)
        #expect(model.pieces.pieces.isEmpty)
        #expect(model.review.turns.isEmpty)
        #expect(model.showsNextTurnRow)
    }

    @Test func theComputerAnswersOnItsOwnThread() async throws {
        let model = GameModel(
            session: try GameSession(
                config: SessionConfig(game: .linkedHorse, mode: .vsComputer(computer: .p2, level: 1), timer: .off),
                options: SessionOptions(seed: 1),
                listener: nil
            ),
            announce: { _ in }
        )
        try tap(model, "d6")
        try await waitUntil { model.snapshot.toMove == .p1 && !model.snapshot.computerThinking }
        #expect(model.side(.p2).onBoard == 1)
        #expect(model.status.turn == "Your turn")
        #expect(model.review.turns.count == 2)
        #expect(model.feedback.moves == 2)
        #expect(owners(model.snapshot.points) == model.pieces.onBoard.mapValues(\.owner))
    }

    @Test func theLevelAndTheTimerApplyToTheGameInProgress() throws {
        let model = try game(mode: .vsComputer(computer: .p2, level: 2))
        model.setLevel(7)
        #expect(model.snapshot.config.mode == .vsComputer(computer: .p2, level: 7))
        model.setTimer(.seconds30)
        #expect(model.snapshot.turnLimitMs == 30_000)
        #expect(model.clock?.limit == 30)
        let passAndPlay = try game()
        passAndPlay.setLevel(7)
        #expect(passAndPlay.snapshot.config.mode == .passAndPlay, "no computer, no level")
        #expect(passAndPlay.notice == nil)
    }

    @Test func theMoveListReadsEachTurnAndTheTurnToPlay() throws {
        let model = try game()
        try tap(model, "a1", "g1")
        #expect(model.showsNextTurnRow)
        let first = try #require(model.review.turns.first)
        #expect(MoveListText.label(of: first, names: model.names, isHighlighted: false, isReviewing: false) == "Turn 1, White: a1")
        #expect(
            MoveListText.nextLabel(number: 3, player: .p1, names: model.names, isHighlighted: true)
                == "Turn 3, White: to play, current turn"
        )
        model.resign()
        #expect(!model.showsNextTurnRow)
        let last = try #require(model.review.turns.last)
        #expect(last.end == .resignation)
    }

    @Test func theExportedRecordNamesThePlayersAsTheScreenDoes() throws {
        let model = try game(mode: .vsComputer(computer: .p2, level: 3))
        try tap(model, "a1")
        let text = try model.exportRecord()
        #expect(text.contains("p1: You\n"), "\(text)")
        #expect(text.contains("p2: Computer\n"), "\(text)")
        #expect(text.contains("1. P1 a1"), "\(text)")
    }
}
