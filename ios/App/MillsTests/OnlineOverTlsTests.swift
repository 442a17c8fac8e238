@testable import Mills
import Foundation
import MillsCore
import Testing

/// "Play a friend" as two phones do: each player with the app's own models and files, the
/// server typed as a bare host and port (`localhost:PORT`, which the engine takes as
/// `wss://`), the real mills-server behind a TLS front, a whole game played to its end, and
/// one player in the background for longer than the opponent's turn.
#if os(Linux) || os(macOS)
@MainActor
@Suite(.serialized, .enabled(if: OnlineTests.canRun && TlsFront.canRun))
struct OnlineOverTlsTests {
    /// Twelve Men's Morris, P1's and P2's placements in order: no mill, so once every piece
    /// is placed the board is full and the game is drawn (RULES.md §8, position H).
    private static let fullBoardDraw = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3"
        .split(separator: " ").map(String.init)

    /// The room's turn timer (15 s) at 40% of real time on the server: 6 s a turn, time
    /// enough for any turn the test plays and for Ann's reconnection on her return.
    private static let timerScalePercent = 40
    private static let turnSeconds = 15.0 * Double(timerScalePercent) / 100

    /// Places `point` for whichever of the two is to move and waits until both boards have
    /// the same stored game again; true when the piece is on the board (a turn timed out
    /// meanwhile leaves it in hand, to be placed on the next turn).
    private func place(_ point: String, by me: OnlineGameModel, seenBy other: OnlineGameModel) async throws -> Bool {
        let before = me.snapshot.actionCount
        try tap(me, point)
        try await waitUntil {
            me.snapshot.actionCount > before && other.snapshot.actionCount == me.snapshot.actionCount
        }
        return owners(other.snapshot.points)[point] == me.you
    }

    @Test func twoPhonesPlayAWholeGameOverWssWithOneAwayLongerThanTheOpponentsTurn() async throws {
        let server = try LocalServer(extraArguments: ["--timer-scale-percent", "\(Self.timerScalePercent)"])
        let front = try TlsFront(server: server)
        let ann = FriendPlayModel(locations: try temporaryLocations(), announce: SpokenSentences().announce)
        let bo = FriendPlayModel(locations: try temporaryLocations(), announce: SpokenSentences().announce)
        ann.create(.twelveMensMorris, timer: .seconds15, settings: OnlineSettings(server: front.address, name: "Ann"))
        let annRoom = try #require(ann.room, "\(ann.error ?? "")")
        try await waitUntil { annRoom.phase == .waiting }
        #expect(annRoom.connectionBanner == nil, "a bare host is wss://, which the test root makes trusted")
        let code = try #require(annRoom.room?.code)
        bo.join(code, settings: OnlineSettings(server: front.address, name: "Bo"))
        let boRoom = try #require(bo.room, "\(bo.error ?? "")")
        try await waitUntil { annRoom.phase == .playing && boRoom.phase == .playing && annRoom.status.opponentName == "Bo" }

        // Each side places its own pieces in order, whoever the server says is to move.
        var left: [Player: [String]] = [
            .p1: Self.fullBoardDraw.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
            .p2: Self.fullBoardDraw.enumerated().filter { $0.offset % 2 == 1 }.map(\.element),
        ]
        var wentAway = false
        while !annRoom.isOver {
            let toMove = annRoom.snapshot.toMove
            let (me, other) = toMove == annRoom.you ? (annRoom, boRoom) : (boRoom, annRoom)
            if !wentAway && me === boRoom && left[.p2]!.count == 6 {
                wentAway = true
                try await awayLongerThanBosTurn(ann: ann, annRoom: annRoom, boRoom: boRoom)
                continue
            }
            let point = try #require(left[toMove]?.first, "\(toMove) has no piece left to place")
            if try await place(point, by: me, seenBy: other) {
                left[toMove]!.removeFirst()
            }
        }

        // Every piece placed (Bo's skipped one last, once Ann's hand was empty): a full board,
        // drawn at once, the same for both.
        try await waitUntil { boRoom.isOver && annRoom.record != nil && boRoom.record != nil }
        #expect(wentAway)
        #expect(left[.p1]!.isEmpty && left[.p2]!.isEmpty)
        for room in [annRoom, boRoom] {
            #expect(room.snapshot.outcome?.winner == nil)
            #expect(room.snapshot.outcome?.reason == .boardFull)
            #expect(owners(room.snapshot.points).count == 24)
            #expect(room.snapshot.actionCount >= 25, "24 placements and Bo's timed-out turn")
            #expect(room.connectionBanner == nil)
        }
        #expect(annRoom.snapshot.actionCount == boRoom.snapshot.actionCount)
        ann.leave()
        bo.leave()
    }

    /// Ann's app goes to the background on Bo's turn and stays there until Bo's whole turn
    /// has run out: the server passes it (Bo's piece stays in hand), Ann's turn begins, and
    /// when she is back her board has the pass, her clock runs and her turn is hers to play.
    private func awayLongerThanBosTurn(ann: FriendPlayModel, annRoom: OnlineGameModel, boRoom: OnlineGameModel) async throws {
        let before = boRoom.snapshot.actionCount
        let bosHand = boRoom.snapshot.p2.inHand
        let away = Date.now
        ann.enterBackground()
        try await waitUntil { annRoom.status.connection == .offline(reason: .paused) && !boRoom.status.opponentOnline }
        try await waitUntil(seconds: Self.turnSeconds + 10) {
            boRoom.notice == .timedOut(.p2) && boRoom.snapshot.actionCount == before + 1
        }
        #expect(boRoom.snapshot.p2.inHand == bosHand, "a skipped placement keeps the piece in hand")
        #expect(boRoom.snapshot.toMove == .p1)
        #expect(annRoom.snapshot.actionCount == before, "nothing reaches Ann while she is away")
        // Bo's turn began just before Ann left: she stays away a little longer than a whole
        // turn, which her own turn (begun with the pass) has time for
        while Date.now.timeIntervalSince(away) < Self.turnSeconds + 0.5 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(annRoom.snapshot.actionCount == before, "nothing reaches Ann while she is away")

        ann.enterForeground()
        try await waitUntil { annRoom.connectionBanner == nil && boRoom.status.opponentOnline }
        try await waitUntil { annRoom.snapshot.actionCount == before + 1 }
        #expect(annRoom.isMyTurn)
        #expect(annRoom.snapshot.p2.inHand == bosHand)
        #expect(owners(annRoom.snapshot.points) == owners(boRoom.snapshot.points))
        let clock = try #require(annRoom.clock(of: .p1))
        #expect(clock.isRunning)
    }
}
#endif
