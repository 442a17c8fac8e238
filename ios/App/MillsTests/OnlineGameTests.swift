@testable import Mills
import Foundation
import MillsCore
import Testing

/// "Play a friend" against the real mills-server on loopback: two players, each with the
/// app's own models (`FriendPlayModel`, `OnlineGameModel`) and their own device secret,
/// create and join a room, play turns and see each other's, lose the connection and get it
/// back, resign, and play a rematch.
#if os(Linux) || os(macOS)
@MainActor
@Suite(.serialized, .enabled(if: OnlineTests.canRun))
struct OnlineGameTests {
    /// A player of the app with its own folder (so its own device secret).
    private func player(_ spoken: SpokenSentences) throws -> FriendPlayModel {
        FriendPlayModel(locations: try temporaryLocations(), announce: spoken.announce)
    }

    /// Taps a one-action turn on `me` and waits until both boards show it, stored.
    private func play(_ point: String, on me: OnlineGameModel, seenBy other: OnlineGameModel, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = me.snapshot.actionCount
        try tap(me, point, sourceLocation: sourceLocation)
        try await waitUntil(sourceLocation: sourceLocation) {
            me.snapshot.actionCount > before && other.snapshot.actionCount > before
        }
        #expect(owners(me.snapshot.points)[point] == me.you, sourceLocation: sourceLocation)
        #expect(owners(other.snapshot.points)[point] == me.you, sourceLocation: sourceLocation)
    }

    /// Ann creates a room; Bo joins it with the code as a person types it.
    private func seatedPair(server: LocalServer, annSpoken: SpokenSentences, boSpoken: SpokenSentences)
        async throws -> (ann: FriendPlayModel, bo: FriendPlayModel)
    {
        let ann = try player(annSpoken)
        let bo = try player(boSpoken)
        ann.create(.twelveMensMorris, timer: .seconds60, settings: OnlineSettings(server: server.address, name: "Ann"))
        let annRoom = try #require(ann.room, "\(ann.error ?? "")")
        try await waitUntil { annRoom.phase == .waiting }
        let code = try #require(annRoom.room?.code)
        bo.join(OnlineInvite.display(code).lowercased(), settings: OnlineSettings(server: server.address, name: "Bo"))
        let boRoom = try #require(bo.room, "\(bo.error ?? "")")
        try await waitUntil {
            annRoom.phase == .playing && boRoom.phase == .playing
                && annRoom.status.opponentName == "Bo" && boRoom.status.opponentName == "Ann"
        }
        return (ann, bo)
    }

    @Test func friendsCreateJoinPlayResignAndRematch() async throws {
        let server = try LocalServer()
        let annSpoken = SpokenSentences()
        let boSpoken = SpokenSentences()
        let ann = try player(annSpoken)
        ann.create(.twelveMensMorris, timer: .seconds60, settings: OnlineSettings(server: server.address, name: "Ann"))
        let annRoom = try #require(ann.room, "\(ann.error ?? "")")
        #expect(ann.error == nil)

        // The waiting screen: the invite to share, and no game yet.
        try await waitUntil { annRoom.phase == .waiting }
        let code = try #require(annRoom.room?.code)
        #expect(code.count == 12)
        #expect(annRoom.timerText == "Turn timer: 60 s")
        #expect(annRoom.displayCode == OnlineInvite.display(code))
        #expect(annRoom.inviteLink?.hasSuffix("/join/\(code)") == true)
        #expect(annRoom.connectionBanner == nil)
        try tap(annRoom, "d6")
        #expect(annRoom.notice == .notStarted)
        #expect(annRoom.snapshot.actionCount == 0)

        // Bo opens the invite link, as the share sheet delivers it.
        let bo = try player(boSpoken)
        let linkText = try #require(annRoom.inviteLink)
        let link = try #require(URL(string: linkText))
        #expect(bo.open(link, settings: OnlineSettings(server: server.address, name: "Bo")))
        #expect(bo.isPresented)
        let boRoom = try #require(bo.room, "\(bo.error ?? "")")
        try await waitUntil { annRoom.phase == .playing && boRoom.phase == .playing && annRoom.status.opponentName == "Bo" }
        #expect(annRoom.you == .p1)
        #expect(boRoom.you == .p2)
        #expect(boRoom.game == .twelveMensMorris, "the joiner's board is the room's game")
        #expect(annRoom.names.name(.p2) == "Bo")
        #expect(boRoom.names.name(.p1) == "Ann")
        try await waitUntil { annSpoken.all.contains { $0.contains("Bo") } }

        // Both clocks: the side to move runs from the server's reading, the other waits.
        let running = try #require(annRoom.clock(of: .p1))
        #expect(running.isRunning)
        #expect(running.remaining(at: .now) <= 60 && running.remaining(at: .now) > 30)
        #expect(annRoom.clock(of: .p2)?.isRunning == false)
        #expect(annRoom.isMyTurn)
        #expect(!boRoom.isMyTurn)

        // Out of turn: nothing is sent, nothing drawn.
        try tap(boRoom, "a7")
        #expect(boRoom.notice == .notYourTurn)

        try await play("d6", on: annRoom, seenBy: boRoom)
        try await waitUntil { boSpoken.all.contains { $0.contains("d6") } }
        #expect(boRoom.feedback.moves >= 1, "the opponent's turn is animated")
        try await play("a7", on: boRoom, seenBy: annRoom)
        try await play("b4", on: annRoom, seenBy: boRoom)
        #expect(boRoom.clock(of: .p2)?.isRunning == true)

        // Bo resigns: both see the result; the record comes from the server.
        boRoom.resign()
        try await waitUntil { annRoom.phase == .finished && boRoom.phase == .finished && annRoom.record != nil }
        #expect(annRoom.showsResult)
        #expect(boRoom.showsResult)
        #expect(annRoom.snapshot.outcome?.winner == .p1)
        let annOutcome = try #require(annRoom.snapshot.outcome)
        let boOutcome = try #require(boRoom.snapshot.outcome)
        #expect(annRoom.names.headline(for: annOutcome) == String(localized: "result_you_win"))
        #expect(boRoom.names.headline(for: boOutcome) == String(localized: "result_you_lose"))
        #expect(annRoom.record?.hasPrefix("mills-record") == true)
        #expect(annRoom.clock(of: .p1) == nil, "no clock runs after the game")

        // Rematch: Ann asks, Bo sees it and agrees; sides swap on a fresh board.
        annRoom.rematch()
        try await waitUntil { boRoom.opponentAskedRematch }
        #expect(annRoom.waitsForRematch)
        boRoom.rematch()
        try await waitUntil { annRoom.phase == .playing && boRoom.phase == .playing }
        #expect(annRoom.you == .p2)
        #expect(boRoom.you == .p1)
        #expect(annRoom.room?.gameNumber == 2)
        #expect(!annRoom.showsResult)
        #expect(annRoom.snapshot.actionCount == 0)
        #expect(owners(annRoom.snapshot.points).isEmpty)
        try await play("d6", on: boRoom, seenBy: annRoom)

        ann.leave()
        bo.leave()
        #expect(ann.room == nil)
    }

    @Test func theGameSurvivesACrashedServerAndTheAppInTheBackground() async throws {
        let server = try LocalServer()
        let (ann, bo) = try await seatedPair(server: server, annSpoken: SpokenSentences(), boSpoken: SpokenSentences())
        let annRoom = try #require(ann.room)
        let boRoom = try #require(bo.room)
        try await play("d6", on: annRoom, seenBy: boRoom)

        // The server dies: the banner says so and the engine keeps trying by itself.
        server.kill()
        try await waitUntil { annRoom.connectionBanner != nil && boRoom.connectionBanner != nil }
        #expect(annRoom.connectionBanner?.text.isEmpty == false)
        #expect(annRoom.connectionBanner?.offersRetry == false)
        try server.start()
        try await waitUntil(seconds: 30) { annRoom.connectionBanner == nil && boRoom.connectionBanner == nil }
        #expect(boRoom.snapshot.actionCount == 1, "the stored turn is still there, once")
        try await play("a7", on: boRoom, seenBy: annRoom)

        // Ann's app goes to the background: her connection closes; Bo sees her away.
        ann.enterBackground()
        try await waitUntil { annRoom.status.connection == .offline(reason: .paused) && !boRoom.status.opponentOnline }
        #expect(annRoom.connectionBanner?.offersRetry == true)
        // How long, counted by the engine: the first minute.
        #expect(boRoom.status.opponentAwayMinutes == 0)
        #expect(boRoom.opponentAwayText == "Ann is away · under a minute. The game waits on the server.")
        // A turn made meanwhile waits, undrawn, and goes out when the app is back.
        try tap(annRoom, "b4")
        #expect(annRoom.status.awaitingServer)
        #expect(owners(boRoom.snapshot.points)["b4"] == nil)
        ann.enterForeground()
        try await waitUntil { annRoom.connectionBanner == nil && boRoom.status.opponentOnline }
        try await waitUntil { owners(boRoom.snapshot.points)["b4"] == .p1 && owners(annRoom.snapshot.points)["b4"] == .p1 }
        #expect(annRoom.snapshot.actionCount == 3 && boRoom.snapshot.actionCount == 3, "sent once, stored once")
        #expect(boRoom.opponentAwayText == nil)

        // A code that names no room: the server refuses it for good, and the screen says why.
        let carl = try player(SpokenSentences())
        carl.join("0000-0000-0000", settings: OnlineSettings(server: server.address, name: "Carl"))
        let carlRoom = try #require(carl.room)
        try await waitUntil { carlRoom.phase != .connecting }
        #expect(carlRoom.phase == .refused(code: "unknown-code"))
        #expect(carlRoom.connectionBanner?.text == String(localized: "online_refused_unknown_code"))
    }

    /// The app killed during a game: a new model on the same files finds the room the
    /// engine recorded, Home offers it (with the opponent's name once known), and returning
    /// opens it with this device's seat; a finished game is no longer offered, and Forget
    /// deletes the record.
    @Test func aKilledAppReturnsToItsRoom() async throws {
        let server = try LocalServer()
        let locations = try temporaryLocations()
        let settings = OnlineSettings(server: server.address, name: "Ann")
        let roomFile = locations.onlineRoom.path(percentEncoded: false)
        let ann = FriendPlayModel(locations: locations, announce: { _ in })
        ann.refreshSavedRoom(settings: settings)
        #expect(ann.savedRoom == nil, "nothing saved yet")
        ann.create(.zhiqi, timer: .off, settings: settings)
        let annRoom = try #require(ann.room, "\(ann.error ?? "")")
        try await waitUntil { annRoom.phase == .waiting }
        let code = try #require(annRoom.room?.code)

        // Killed while waiting for the friend: the room is offered, without a name yet.
        let waiting = FriendPlayModel(locations: locations, announce: { _ in })
        waiting.refreshSavedRoom(settings: settings)
        #expect(waiting.savedRoom?.room == code)
        #expect(waiting.savedRoomTitle == String(localized: "home_online_return"))

        let bo = try player(SpokenSentences())
        bo.join(code, settings: OnlineSettings(server: server.address, name: "Bo"))
        let boRoom = try #require(bo.room, "\(bo.error ?? "")")
        try await waitUntil { annRoom.phase == .playing && boRoom.phase == .playing && annRoom.status.opponentName == "Bo" }
        try await play("d6", on: annRoom, seenBy: boRoom)

        // Killed during the game: the new app's model knows whom it was against.
        ann.leave()
        let again = FriendPlayModel(locations: locations, announce: { _ in })
        again.refreshSavedRoom(settings: OnlineSettings(server: "  ", name: "Ann"))
        #expect(again.savedRoom == nil, "no server in the settings: online play is off")
        again.refreshSavedRoom(settings: settings)
        #expect(again.savedRoom?.opponentName == "Bo")
        #expect(again.savedRoom?.finished == false)
        #expect(again.savedRoomTitle == String(localized: "home_online_return_with \("Bo")"))
        #expect(again.savedRoomTitle == "Return to your game with Bo")

        again.returnToSavedRoom(settings: settings)
        #expect(again.isPresented)
        let reopened = try #require(again.room, "\(again.error ?? "")")
        try await waitUntil { reopened.phase == .playing && reopened.snapshot.actionCount == 1 }
        #expect(reopened.room?.code == code)
        #expect(reopened.you == .p1)
        #expect(owners(reopened.snapshot.points)["d6"] == .p1)
        try await play("a7", on: boRoom, seenBy: reopened)

        // The game ends: nothing to return to, though the record stays until forgotten.
        boRoom.resign()
        try await waitUntil { reopened.phase == .finished }
        again.leave()
        again.refreshSavedRoom(settings: settings)
        #expect(again.savedRoom == nil)
        #expect(again.savedRoomTitle == nil)
        #expect(savedOnlineRoom(path: roomFile)?.finished == true)
        again.forgetSavedRoom()
        #expect(savedOnlineRoom(path: roomFile) == nil)
        #expect(!FileManager.default.fileExists(atPath: roomFile))

        // Returning with nothing saved says so on "Play a friend".
        again.returnToSavedRoom(settings: settings)
        #expect(again.room == nil)
        #expect(again.error == String(localized: "online_return_gone"))
        bo.leave()
    }

    /// Back during a game, kept: the room stays open and silent, Home says it is this
    /// device's turn, and returning shows it speaking again; left: the room closes here.
    @Test func aKeptGameIsSilentAndHomeSaysWhoseTurn() async throws {
        let server = try LocalServer()
        let annSpoken = SpokenSentences()
        let (ann, bo) = try await seatedPair(server: server, annSpoken: annSpoken, boSpoken: SpokenSentences())
        let settings = OnlineSettings(server: server.address, name: "Ann")
        let annRoom = try #require(ann.room)
        let boRoom = try #require(bo.room)
        ann.isPresented = true
        try await play("d6", on: annRoom, seenBy: boRoom)

        ann.closeScreen(keep: true)
        #expect(ann.room === annRoom)
        let heard = annSpoken.all.count
        try await play("a7", on: boRoom, seenBy: annRoom)
        #expect(annSpoken.all.count == heard, "a hidden game spoke: \(annSpoken.all.suffix(2))")
        ann.refreshSavedRoom(settings: settings)
        #expect(ann.savedRoomIsYourTurn)

        ann.returnToSavedRoom(settings: settings)
        #expect(ann.room === annRoom)
        try await play("b4", on: annRoom, seenBy: boRoom)
        try await play("b6", on: boRoom, seenBy: annRoom)
        #expect(annSpoken.all.count > heard, "the game shown again is silent")

        ann.closeScreen(keep: false)
        #expect(ann.room == nil)
        #expect(!ann.isPresented)
        bo.leave()
    }

    /// An invite opened during a game asks first: staying keeps the game and its
    /// connection; joining leaves it for the invite's room.
    @Test func anInviteOpenedDuringAGameAsksFirst() async throws {
        let server = try LocalServer()
        let (ann, bo) = try await seatedPair(server: server, annSpoken: SpokenSentences(), boSpoken: SpokenSentences())
        let annRoom = try #require(ann.room)
        let carl = try player(SpokenSentences())
        carl.create(.zhiqi, timer: .off, settings: OnlineSettings(server: server.address, name: "Carl"))
        let carlRoom = try #require(carl.room, "\(carl.error ?? "")")
        try await waitUntil { carlRoom.phase == .waiting }
        let linkText = try #require(carlRoom.inviteLink)
        let link = try #require(URL(string: linkText))
        let settings = OnlineSettings(server: server.address, name: "Ann")

        #expect(ann.open(link, settings: settings))
        #expect(ann.inviteToConfirm != nil, "not asked")
        #expect(ann.room === annRoom)
        ann.answerInvite(leave: false, settings: settings)
        #expect(ann.inviteToConfirm == nil)
        #expect(ann.room === annRoom)
        #expect(annRoom.phase == .playing, "staying dropped the game")

        #expect(ann.open(link, settings: settings))
        ann.answerInvite(leave: true, settings: settings)
        let joined = try #require(ann.room, "\(ann.error ?? "")")
        #expect(joined !== annRoom)
        try await waitUntil { joined.phase == .playing && joined.status.opponentName == "Carl" }
        #expect(joined.room?.code == carlRoom.room?.code)
        ann.leave()
        bo.leave()
        carl.leave()
    }

    /// "Return to your game" opens the room on the server it was made on, whatever the
    /// settings say now, and a room still open is shown as it is, not connected again.
    @Test func returningUsesTheRoomsServerAndKeepsALiveRoom() async throws {
        let server = try LocalServer()
        let locations = try temporaryLocations()
        let settings = OnlineSettings(server: server.address, name: "Ann")
        let ann = FriendPlayModel(locations: locations, announce: { _ in })
        ann.create(.zhiqi, timer: .off, settings: settings)
        let annRoom = try #require(ann.room, "\(ann.error ?? "")")
        try await waitUntil { annRoom.phase == .waiting }
        let code = try #require(annRoom.room?.code)
        let bo = try player(SpokenSentences())
        bo.join(code, settings: OnlineSettings(server: server.address, name: "Bo"))
        let boRoom = try #require(bo.room, "\(bo.error ?? "")")
        try await waitUntil { annRoom.phase == .playing && boRoom.phase == .playing }
        try await play("d6", on: annRoom, seenBy: boRoom)

        #expect(annRoom.timerText == "Turn timer: Off")

        // Still open here: the same room, the same connection.
        ann.returnToSavedRoom(settings: settings)
        #expect(ann.room === annRoom, "a live room was opened a second time")
        #expect(ann.error == nil)
        try await play("a7", on: boRoom, seenBy: annRoom)

        // Killed; the settings now name a server where nothing listens.
        ann.leave()
        let again = FriendPlayModel(locations: locations, announce: { _ in })
        again.returnToSavedRoom(settings: OnlineSettings(server: "ws://127.0.0.1:9", name: "Ann"))
        let reopened = try #require(again.room, "\(again.error ?? "")")
        try await waitUntil { reopened.phase == .playing && reopened.snapshot.actionCount == 2 }
        #expect(reopened.room?.code == code)
        try await play("b4", on: reopened, seenBy: boRoom)
        again.leave()
        bo.leave()
    }

    /// Report and Block as a player uses them: a report with its reason, a block that hides
    /// the name at once, a game still finished, and no rematch with the blocked player.
    @Test func aPlayerReportsAndBlocksTheOpponent() async throws {
        let server = try LocalServer()
        let annSpoken = SpokenSentences()
        let (ann, bo) = try await seatedPair(server: server, annSpoken: annSpoken, boSpoken: SpokenSentences())
        let annRoom = try #require(ann.room)
        let boRoom = try #require(bo.room)
        #expect(annRoom.canReport)

        annRoom.report(.offensiveName)
        try await waitUntil { annRoom.notice == .reported }
        #expect(annRoom.statusLine.detail == String(localized: "online_report_sent"))
        #expect(annSpoken.all.contains(String(localized: "online_report_sent")))

        annRoom.block()
        // Hidden at once, before the server answers, and for good.
        #expect(annRoom.opponentBlocked)
        #expect(annRoom.names.name(.p2) == String(localized: "online_opponent_blocked"))
        try await waitUntil { annRoom.notice == .blocked }

        // The game can still be finished; Bo's rematch is refused in words.
        try await play("d6", on: annRoom, seenBy: boRoom)
        annRoom.resign()
        try await waitUntil { annRoom.phase == .finished && boRoom.phase == .finished }
        boRoom.rematch()
        try await waitUntil { boRoom.notice == .requestRefused(code: "blocked") }
        #expect(boRoom.statusLine.detail == String(localized: "online_rematch_blocked"))
        ann.leave()
        bo.leave()
    }
}
#endif

/// Online play without a server to talk to: the settings, invites and refusals.
@MainActor
struct OnlineSetupTests {
    @Test func aTypedWsAddressIsUnencryptedAndABareHostIsNot() throws {
        let bare = OnlineSettings(server: " mills.example.org ", name: "")
        #expect(!bare.isUnencrypted)
        #expect(bare.privacyPolicy == URL(string: "https://mills.example.org/privacy"))
        let port = OnlineSettings(server: "mills.example.org:8443", name: "")
        #expect(port.serverInfo?.port == 8443)
        #expect(port.serverInfo?.encrypted == true)
        for typed in ["ws://192.168.1.5:8080", "WS://mills.example.org", "http://mills.example.org"] {
            let plain = OnlineSettings(server: typed, name: "")
            #expect(plain.isUnencrypted, "\(typed)")
            #expect(plain.privacyPolicy?.scheme == "http", "\(typed)")
        }
        // No server, or one that cannot be used: nothing connects, nothing to warn about.
        for nothing in ["", "   ", "ftp://mills.example.org"] {
            let offline = OnlineSettings(server: nothing, name: "")
            #expect(!offline.isUnencrypted)
            #expect(offline.privacyPolicy == nil)
        }
    }

    @Test func withoutAServerNothingConnectsAndTheScreenSaysSo() throws {
        let friend = FriendPlayModel(locations: try temporaryLocations(), announce: { _ in })
        let none = OnlineSettings(server: "  ", name: "Ann")
        #expect(!none.hasServer)
        #expect(none.options(secretPath: "/x") == nil)
        friend.create(.zhiqi, timer: .seconds60, settings: none)
        #expect(friend.room == nil)
        #expect(friend.error == String(localized: "online_needs_server"))

        // An invite link opened meanwhile waits for a server.
        #expect(friend.open(try #require(URL(string: "mills://join/K7QM2XRP9DTA")), settings: none))
        #expect(friend.isPresented)
        #expect(friend.pendingInvite == "mills://join/K7QM2XRP9DTA")
        #expect(friend.room == nil)
        #expect(!friend.open(try #require(URL(string: "file:///tmp/game.txt")), settings: none))

        // A join that fails keeps the invite waiting; the error is the engine's reason.
        friend.join("not a code", settings: OnlineSettings(server: "127.0.0.1:9", name: ""))
        #expect(friend.pendingInvite == "mills://join/K7QM2XRP9DTA")
        #expect(friend.error == String(localized: "error_invalid_invite"))
        friend.dismissError()
        #expect(friend.error == nil)
    }

    @Test func invitesAreReadFromLinksAndShownInGroups() throws {
        #expect(OnlineInvite.invite(in: try #require(URL(string: "mills://join/K7QM2XRP9DTA"))) == "mills://join/K7QM2XRP9DTA")
        #expect(OnlineInvite.invite(in: try #require(URL(string: "https://mills.example/join/K7QM2XRP9DTA"))) != nil)
        #expect(OnlineInvite.invite(in: try #require(URL(string: "https://mills.example/rules"))) == nil)
        #expect(OnlineInvite.invite(in: try #require(URL(string: "mills://rules/K7QM"))) == nil)
        #expect(OnlineInvite.display("K7QM2XRP9DTA") == "K7QM-2XRP-9DTA")
        #expect(OnlineInvite.display("") == "")
    }

    @Test func badAddressesAndInvitesAreRefusedWithTheEnginesReason() throws {
        let friend = FriendPlayModel(locations: try temporaryLocations(), announce: { _ in })
        friend.create(.zhiqi, timer: .off, settings: OnlineSettings(server: "ftp://mills.example", name: ""))
        #expect(friend.room == nil)
        #expect(friend.error == String(localized: "error_invalid_server"))
        friend.join("not a code", settings: OnlineSettings(server: "127.0.0.1:9", name: ""))
        #expect(friend.room == nil)
        #expect(friend.error == String(localized: "error_invalid_invite"))
        friend.join("   ", settings: OnlineSettings(server: "127.0.0.1:9", name: ""))
        #expect(friend.error == String(localized: "error_invalid_invite"))
    }

    @Test func aNamelessPlayerSendsNoNameAndTheSecretLivesInItsOwnFolder() throws {
        let locations = try temporaryLocations()
        let options = try #require(OnlineSettings(server: " ws://127.0.0.1:9 ", name: "  ").options(secretPath: locations.onlineSecret.path(percentEncoded: false)))
        #expect(options.server == "ws://127.0.0.1:9")
        #expect(options.name == nil)
        #expect(locations.onlineSecret.deletingLastPathComponent().lastPathComponent == "online")
        try locations.prepareOnlineFolder()
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: locations.onlineFolder.path(percentEncoded: false), isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func theBannerSaysWhatTheConnectionDoes() {
        #expect(OnlineText.banner(for: .connected) == nil)
        #expect(OnlineText.banner(for: .connecting)?.offersRetry == false)
        #expect(OnlineText.banner(for: .reconnecting(attempt: 2, reason: "x"))?.text == String(localized: "online_reconnecting \(2)"))
        #expect(OnlineText.banner(for: .offline(reason: .paused))?.offersRetry == true)
        let refused = OnlineText.banner(for: .offline(reason: .refused(code: "room-full", message: "full")))
        #expect(refused?.text == String(localized: "online_refused_room_full"))
        #expect(OnlineText.refused("something-new") == String(localized: "online_refused_other"))
        let untrusted = OnlineText.banner(for: .offline(reason: .untrustedServer(reason: "UnknownIssuer")))
        #expect(untrusted?.text == String(localized: "online_untrusted_server"))
        #expect(untrusted?.offersRetry == true)
        #expect(untrusted?.text != refused?.text)
        #expect(OnlineText.turnRefused("stale-revision") == String(localized: "online_turn_refused_late"))
    }
}

enum OnlineTests {
    /// The server tests run wherever a mills-server can be started: always under
    /// tests/swift-linux/run.sh (which builds it; a missing binary fails there), never on an
    /// iOS simulator (no processes to start).
    static var canRun: Bool {
        #if os(Linux)
        return true
        #elseif os(macOS)
        return LocalServer.binary != nil
        #else
        return false
        #endif
    }
}
