import Foundation
import MillsCore
import Observation

/// Where an online room is, for the screen to show: the connection being made, the invite
/// waiting for the friend, the game, its result, or a room the server refused.
enum OnlinePhase: Equatable {
    case connecting
    /// The room exists; the friend has not joined yet (share the invite).
    case waiting
    case playing
    case finished
    /// The server refused the room for good (`code`: the protocol's error id).
    case refused(code: String)
}

/// A short message over an online board: why a tap did nothing, the server refusing a turn,
/// a turn that timed out.
enum OnlineNotice: Equatable {
    case refused(Refusal)
    case notYourTurn
    case awaitingServer
    case notStarted
    case turnRefused(code: String)
    case timedOut(Player)
    case failure(String)
    /// The server stored this device's report of the opponent.
    case reported
    /// The server stored this device's block of the opponent.
    case blocked
    /// The server refused a request that is not a turn (`blocked` rematch, too many reports).
    case requestRefused(code: String)
}

/// One room on a `mills-server` on screen: the engine's `OnlineSession` and what the views
/// draw from it.
///
/// As `GameModel` does for a local game, this only forwards taps, reads the board changes
/// with the snapshot they lead to (a `BoardDriver`) and animates them; the connection, the
/// room, the opponent and both clocks are the session's `status()`, read again after every
/// event. The engine talks to the server, reconnects by itself and draws a turn only once
/// the server has stored it; its events arrive on its connection thread and are handled
/// here, on the main actor (`OnlineEventRelay`).
@MainActor
@Observable
final class OnlineGameModel {
    private(set) var snapshot: Snapshot
    private(set) var pieces: BoardPieces
    private(set) var status: OnlineStatus
    private(set) var feedback = GameFeedback()
    private(set) var notice: OnlineNotice?
    /// The result sheet is up.
    var showsResult = false

    @ObservationIgnored private let session: OnlineSession
    @ObservationIgnored private let announce: Announce
    /// The room's board, read after every event and call.
    @ObservationIgnored private var board: BoardDriver
    @ObservationIgnored private var noticeTask: Task<Void, Never>?

    /// Takes over a session just created, joined or opened, and starts listening to it.
    init(session: OnlineSession, announce: @escaping Announce) {
        self.session = session
        self.announce = announce
        let board = BoardDriver(following: session.board())
        let snapshot = board.snapshot
        self.board = board
        self.snapshot = snapshot
        pieces = BoardPieces(snapshot: snapshot)
        status = session.status()
        // What happened before the listener was set is caught up by this refresh: every
        // event only says "read again".
        session.setListener(listener: OnlineEventRelay(model: self))
        refresh()
    }

    /// Leaves the room on this device: the connection closes and the session's thread ends
    /// (the server keeps the game).
    func close() {
        session.shutDown()
    }

    deinit {
        // Nonisolated: touches only the session, an immutable, thread-safe (Sendable) `let`.
        session.shutDown()
    }

    // MARK: What the screen shows

    var game: GameId { snapshot.config.game }

    var room: RoomInfo? { status.room }

    /// This device's side in the current game (rematches swap sides); P1 until the room is
    /// known.
    var you: Player { status.room?.you ?? .p1 }

    var opponent: Player { you == .p1 ? .p2 : .p1 }

    /// "You" and the friend's name (or "Opponent" until the server gives one, and for good
    /// once this device blocked them).
    var names: PlayerNames {
        let unnamed = status.opponentBlocked ? String(localized: "online_opponent_blocked") : String(localized: "online_opponent")
        return PlayerNames(human: you, other: status.opponentName ?? unnamed)
    }

    /// This device blocked the opponent: no name, no rematch offered.
    var opponentBlocked: Bool { status.opponentBlocked }

    /// The opponent sits in the room: Report (and Block, until done) are offered.
    var canReport: Bool { phase == .playing || phase == .finished }

    var phase: OnlinePhase {
        guard let room = status.room else {
            if case .offline(.refused(let code, _)) = status.connection {
                return .refused(code: code)
            }
            return .connecting
        }
        if room.players.contains(where: { !$0.joined }) {
            return .waiting
        }
        return isOver ? .finished : .playing
    }

    var isOver: Bool { snapshot.outcome != nil || status.outcome != nil }

    /// The room is open but not on screen (kept while the player looks elsewhere): it says
    /// nothing, so that VoiceOver does not read its moves over other screens.
    @ObservationIgnored var isHidden = false

    /// The room's game is on or waits for the friend: leaving it (for another room) is asked first.
    var isInProgress: Bool {
        switch phase {
        case .finished, .refused: false
        default: true
        }
    }

    /// "Turn timer: Off", "Turn timer: 30 s": the room's own timer, for the waiting screen;
    /// nil until the server has given the room.
    var timerText: String? {
        guard let seconds = status.room?.timerSeconds else { return nil }
        let value = seconds == 0 ? String(localized: "timer_off") : String(localized: "timer_seconds \(Int(seconds))")
        return String(localized: "online_waiting_timer \(value)")
    }

    /// The room's code as the engine keeps it (12 characters), once the server has given it.
    var roomCode: String? { status.room?.code }

    /// The invite code as people read it (`K7QM-2XRP-9DTA`).
    var displayCode: String? { status.room.map { OnlineInvite.display($0.code) } }

    /// The link to share: the server's (`https://…/join/CODE` or `mills://join/CODE`).
    var inviteLink: String? { status.room?.link }

    var isMyTurn: Bool { phase == .playing && snapshot.toMove == you }

    /// A player's clock as the ring draws it; nil with the timer off or before the game.
    func clock(of player: Player) -> TurnClock? {
        guard phase == .playing, let clock = status.clocks.first(where: { $0.player == player }) else { return nil }
        return TurnClock(clock: clock, limitMs: snapshot.turnLimitMs)
    }

    func side(_ player: Player) -> SideState {
        player == .p1 ? snapshot.p1 : snapshot.p2
    }

    /// The opponent has asked for a rematch this device has not answered yet.
    var opponentAskedRematch: Bool {
        status.rematchAsked.contains(opponent) && !status.rematchAsked.contains(you)
    }

    /// This device asked for a rematch and waits for the friend.
    var waitsForRematch: Bool { status.rematchAsked.contains(you) }

    // MARK: Commands

    func tap(_ point: PointState) {
        defer { refresh() }
        let result: TapResult
        do {
            result = try session.tap(point: point.name)
        } catch {
            show(.failure(userMessage(for: error)))
            return
        }
        switch (result.step, result.verdict) {
        case (_, .notYourTurn?):
            show(.notYourTurn)
        case (_, .awaitingServer?):
            show(.awaitingServer)
        case (_, .notStarted?):
            show(.notStarted)
        case (.selected(let name), _):
            say(String(localized: "announce_picked \(name)"))
        case (.deselected(let name), _):
            say(String(localized: "announce_dropped \(name)"))
        case (.refused(let refusal), _):
            feedback.refusals += 1
            feedback.refusedPoint = point.name
            show(.refused(refusal))
        default:
            // an action entered or a turn sent, drawn from the changes: the part of the turn
            // now, the whole turn once stored
            notice = nil
        }
    }

    /// Resigns the current game; it ends once the server has stored the resignation.
    func resign() {
        if !session.resign() {
            show(.failure(String(localized: "error_game_over")))
        }
        refresh()
    }

    /// Asks for another game (sides swapped); it starts when the friend asks too.
    func rematch() {
        if session.rematch() {
            say(String(localized: "online_rematch_sent"))
        }
        refresh()
    }

    /// Reports the opponent to the server's operator; the engine says when it is stored.
    func report(_ reason: ReportReason) {
        _ = session.report(reason: reason)
        refresh()
    }

    /// Blocks the opponent: the engine hides their name at once, and the server seats the
    /// two devices together nowhere again. The game can still be finished or left.
    func block() {
        _ = session.block()
        refresh()
    }

    /// The app went to the background: the connection closes (the server keeps the game
    /// and its clock; nothing unacknowledged is lost).
    func pause() {
        session.pause()
        refresh()
    }

    /// The app is back, or the player asked to try again: reconnect now.
    func resume() {
        session.resume()
        refresh()
    }

    func dismissNotice() {
        notice = nil
    }

    /// The finished game's record (docs/records.md text, with both names), once the server
    /// has sent it.
    var record: String? { status.record }

    // MARK: Events

    func handle(_ event: OnlineEvent) {
        switch event {
        case .connectionChanged(let state):
            if case .connected = state, case .reconnecting = status.connection {
                say(String(localized: "online_reconnected"))
            } else if case .reconnecting(let attempt, _) = state, attempt == 1 {
                say(String(localized: "online_connection_lost"))
            }
        case .roomCreated, .turnAccepted, .opponentMoved, .gameOver:
            // the board and the result are read below
            break
        case .opponentJoined(let name):
            say(String(localized: "online_opponent_joined \(name ?? String(localized: "online_opponent"))"))
        case .opponentPresence(let online):
            let name = names.name(opponent)
            say(online ? String(localized: "online_opponent_back \(name)") : String(localized: "online_opponent_away \(name)"))
        case .turnRefused(let code, _):
            feedback.refusals += 1
            show(.turnRefused(code: code))
            say(OnlineText.turnRefused(code))
        case .turnTimedOut(let player):
            show(.timedOut(player))
            say(String(localized: "announce_timed_out \(names.name(player))"))
        case .rematchAsked(let by):
            if by.contains(opponent), !by.contains(you) {
                say(String(localized: "online_rematch_offered \(names.name(opponent))"))
            }
        case .rematchStarted:
            showsResult = false
            say(String(localized: "announce_new_game"))
        case .opponentReported:
            show(.reported)
            say(String(localized: "online_report_sent"))
        case .opponentBlocked:
            show(.blocked)
            say(String(localized: "online_blocked"))
        case .requestRefused(let code, _):
            show(.requestRefused(code: code))
            say(OnlineText.requestRefused(code))
        }
        refresh()
    }

    /// "Bo is away · 2 min. …" while the friend's connection is gone; nil while online.
    var opponentAwayText: String? {
        guard !status.opponentOnline else { return nil }
        return OnlineText.away(name: names.name(opponent), minutes: status.opponentAwayMinutes)
    }

    /// Reads the session's status again: how long the friend has been away moves on with no
    /// event (the screen calls it while it shows "away").
    func refreshStatus() {
        status = session.status()
    }

    // MARK: Drawing state

    /// Reads the changes since the board's revision with the snapshot they lead to (one
    /// atomic call) and the session's status, and moves the board with them.
    private func refresh() {
        let batch = board.read()
        let newSnapshot = batch.snapshot
        let wasOver = isOver
        if !batch.changes.isEmpty {
            let motions = pieces.apply(batch.changes, reaching: newSnapshot)
            feedback.count(motions)
            say(
                Announcer.describe(
                    motions,
                    game: newSnapshot.config.game,
                    names: names,
                    formedLine: batch.changes.contains { !$0.lines.isEmpty }
                )
            )
        }
        snapshot = newSnapshot
        status = session.status()
        if isOver, !wasOver {
            feedback.endings += 1
            showsResult = true
        }
        pieces.afterLeaving { [weak self] ids in self?.pieces.removeLeaving(ids) }
    }

    private func say(_ sentence: String?) {
        guard !isHidden, let sentence else { return }
        announce(sentence)
    }

    /// A short message over the board for a few seconds.
    private func show(_ newNotice: OnlineNotice) {
        notice = newNotice
        noticeTask?.cancel()
        noticeTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(3))
            guard !Task.isCancelled else { return }
            self?.notice = nil
        }
    }
}

// An online board has no review and no hints: always the live game.
extension OnlineGameModel: BoardModel {
    var scene: BoardScene { BoardScene(snapshot: snapshot) }
    var boardPieces: BoardPieces { pieces }
    var boardHint: Hint? { nil }
    var isReviewing: Bool { false }
    func stepReview(by delta: Int) {}
}

/// Receives the session's events on its connection thread and hands them to the model on
/// the main actor. It never touches the UI itself.
final class OnlineEventRelay: OnlineListener, @unchecked Sendable {
    // Written once in init, only read afterwards: safe from any thread.
    private weak var model: OnlineGameModel?

    init(model: OnlineGameModel) {
        self.model = model
    }

    func onEvent(event: OnlineEvent) {
        let model = self.model
        Task { @MainActor in
            model?.handle(event)
        }
    }
}
