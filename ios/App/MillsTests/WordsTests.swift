@testable import Mills
import Foundation
import MillsCore
import Testing

/// The sentences a player reads and VoiceOver speaks, from the engine's facts and the String
/// Catalog: every case has words of its own, with its points and sides in them.
struct WordsTests {
    @Test func everyRefusalSaysWhyWithItsPoints() {
        let refusals: [Refusal] = [
            .gameOver, .computerThinking, .occupied(point: "a1"), .noPieceThere(point: "b2"),
            .notYourPiece(point: "c3"), .cannotMove(point: "d1"), .notAdjacent(from: "a1", to: "g7"),
            .notOpponentPiece(point: "f2"), .inMill(point: "e4"), .notNextToYours(point: "b6"), .illegal(reason: "x"),
        ]
        let messages = refusals.map(\.message)
        #expect(Set(messages).count == messages.count, "\(messages)")
        #expect(messages.allSatisfy { !$0.hasPrefix("refuse_") }, "\(messages)")
        #expect(Refusal.notAdjacent(from: "a1", to: "g7").message == "g7 is not next to a1")
        #expect(Refusal.inMill(point: "e4").message == "e4 is in a mill — take another piece first")
    }

    /// A count says "1 turn" and "2 turns" (the catalog's plural forms, chosen by the count
    /// as Apple's `String(localized:)` chooses them), also inside a longer sentence.
    @Test func countsTakeTheirPluralForm() {
        #expect(String(localized: "review_start \(1)") == "Start of the game (1 turn)")
        #expect(String(localized: "review_start \(12)") == "Start of the game (12 turns)")
        #expect(String(localized: "error_invalid_table_size \(1)") == "Endgame tables of 1 piece a side cannot be prepared")
        #expect(String(localized: "announce_record_opened \("Zhi Qi") \(1)") == "Game record opened for review: Zhi Qi, 1 turn")
        #expect(String(localized: "announce_record_opened \("Zhi Qi") \(3)") == "Game record opened for review: Zhi Qi, 3 turns")
        #expect(Verdict.exactWin(player: .p2, turns: 7).words == "Black wins in 7 turns")
    }

    @Test func everyStepHasItsPromptAndItsPointHint() {
        #expect(NextStep.place.prompt == "Place a piece")
        #expect(NextStep.pickDestination(from: "d6").prompt == "Move d6 — tap an empty point next to it")
        #expect(NextStep.capture(remaining: 2).prompt == "Capture one of the opponent's pieces (2 to go)")
        #expect(NextStep.capture(remaining: 1).prompt == "Capture one of the opponent's pieces")
        #expect(NextStep.pull.prompt == "Blocked — pull a piece next to yours")
        #expect(NextStep.stepAfterPull(from: nil).prompt == "Now move a piece")
        #expect(NextStep.pickPiece.targetHint == "can move")
        #expect(NextStep.pin(remaining: 1).targetHint == "can be pinned")
        #expect(NextStep.gameOver.targetHint.isEmpty)
    }

    @Test func resultsNameTheSidesAsTheGameCallsThem() {
        let vsComputer = PlayerNames(human: .p2)
        let passAndPlay = PlayerNames(human: nil)
        let blackTookAll = Outcome(winner: .p2, reason: .tookAll)
        #expect(vsComputer.headline(for: blackTookAll) == "You win!")
        #expect(vsComputer.explanation(for: blackTookAll) == "Computer has no pieces left.")
        #expect(passAndPlay.headline(for: blackTookAll) == "Black wins!")
        #expect(passAndPlay.explanation(for: blackTookAll) == "White has no pieces left.")
        #expect(PlayerNames(human: .p1).headline(for: blackTookAll) == "You lose")
        let draw = Outcome(winner: nil, reason: .repetition)
        #expect(passAndPlay.headline(for: draw) == "Draw")
        #expect(passAndPlay.explanation(for: draw) == "The same position came up three times.")
        #expect(EndReason.threeInLine.explanation(winner: "White", loser: "Black") == "White's last three pieces form a linked horse.")
    }

    @Test func aPointIsReadWithItsPieceItsStateAndTheHint() throws {
        let session = try manualSession(mode: .vsComputer(computer: .p2, level: 1))
        _ = try session.tap(point: "a1")
        _ = try session.runComputerTurnNow()
        let snapshot = session.snapshot()
        let names = PlayerNames(human: .p1)
        let a1 = try #require(snapshot.points.first { $0.name == "a1" })
        let empty = try #require(snapshot.points.first { $0.owner == nil && $0.name != "a1" })
        #expect(PointDescription(point: a1, next: snapshot.next, names: names, isLastTurn: false).label == "a1, your piece")
        let hint = Hint(player: .p1, notation: empty.name, actions: [empty.name], piece: nil, destination: empty.name, removals: [])
        #expect(
            PointDescription(point: empty, next: snapshot.next, names: names, isLastTurn: false, hint: hint).label
                == "\(empty.name), empty, can place here, hint: play here"
        )
        let computers = try #require(snapshot.points.first { $0.owner == .p2 })
        #expect(PointDescription(point: computers, next: nil, names: names, isLastTurn: true).label == "\(computers.name), computer's piece, last move")
    }

    @Test func motionsAreAnnouncedWithTheSideAndTheMillOrHorse() {
        let names = PlayerNames(human: nil)
        let step: [BoardMotion] = [.stepped(from: "d6", to: "d5", by: .p2), .removed("a1", by: .p2, pull: false)]
        #expect(Announcer.describe(step, game: .twelveMensMorris, names: names, formedLine: true) == "Black moved d6 to d5, Black captured a1, Mill!")
        #expect(Announcer.describe([.placed("g7", by: .p1)], game: .linkedHorse, names: names, formedLine: true) == "White placed on g7, Linked horse!")
        #expect(Announcer.describe([.removed("b4", by: .p1, pull: true)], game: .zhiqi, names: names, formedLine: false) == "White pulled b4")
        #expect(Announcer.describe([.stabled("c5", by: .p1)], game: .linkedHorse, names: names, formedLine: false) == "White banked c5 in the stable")
        #expect(Announcer.describe([], game: .zhiqi, names: names, formedLine: true) == nil)
    }

    @Test func engineErrorsOfRecordsSayWhatIsWrongAndWhere() {
        #expect(MillsError.InvalidRecord(kind: .illegalTurn, turn: 9, reason: "x").localizedMessage.contains("9"))
        let kinds: [RecordErrorKind] = [.notARecord, .unsupportedVersion, .tooLong, .truncated, .badHeader, .unknownGame, .afterEnd, .resultMismatch]
        let messages = kinds.map { $0.localizedMessage(turn: nil) }
        #expect(Set(messages).count == messages.count, "\(messages)")
        #expect(messages.allSatisfy { !$0.hasPrefix("error_") })
    }

    @Test func theGamesHaveTheirNamesAndPiecesFromTheEngine() {
        #expect(GameCatalog.all.map(\.game) == [.zhiqi, .linkedHorse, .twelveMensMorris])
        #expect(GameCatalog.all.map(\.piecesEach) == games().map { Int($0.piecesEach) })
        #expect(GameCatalog.all.allSatisfy { !$0.name.isEmpty && !$0.tagline.isEmpty })
        #expect(GameCatalog.name(of: nil).isEmpty)
        #expect(AppLanguage.current == "en")
    }
}
