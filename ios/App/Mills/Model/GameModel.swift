import Foundation
import MillsCore
import Observation

/// One game on screen: the engine's session and what the views draw from it.
///
/// Every rule and interaction decision is the engine's (`GameSession`); this class only
/// forwards taps and commands, reads the engine's board changes with the snapshot they lead
/// to (`changesSince`, one atomic read), and turns them into animations and feedback. The
/// session's events arrive on background threads through `SessionEventRelay` and are handled
/// here, on the main actor.
@MainActor
@Observable
final class GameModel {
    private(set) var snapshot: Snapshot
    private(set) var pieces: BoardPieces
    private(set) var clock: TurnClock?
    private(set) var feedback = GameFeedback()
    private(set) var notice: GameNotice?
    /// The result sheet is up.
    var showsResult = false

    @ObservationIgnored private let session: GameSession
    /// The session revision the board shows.
    @ObservationIgnored private var revision: UInt64
    @ObservationIgnored private var noticeTask: Task<Void, Never>?

    /// Takes over a new or restored session and starts listening to it.
    init(session: GameSession) {
        self.session = session
        let snapshot = session.snapshot()
        self.snapshot = snapshot
        revision = snapshot.revision
        pieces = BoardPieces(snapshot: snapshot)
        clock = TurnClock(snapshot: snapshot)
        // Changes from before this line (the computer may already be thinking) are caught up
        // by the refresh below and by the next event.
        session.setListener(listener: SessionEventRelay(model: self))
        refresh()
    }

    /// Ends the session for good: the computer's search stops, its threads finish and the
    /// autosave is written. Called when the model is replaced; `deinit` does it too.
    func close() {
        session.shutDown()
    }

    deinit {
        // Nonisolated: touches only the session, an immutable, thread-safe (Sendable) `let`.
        session.shutDown()
    }

    var game: GameId { snapshot.config.game }
    var isOver: Bool { snapshot.outcome != nil }

    var isPassAndPlay: Bool {
        if case .passAndPlay = snapshot.config.mode { return true }
        return false
    }

    /// The side the human plays against the computer; nil in pass-and-play.
    var humanPlayer: Player? {
        if case .vsComputer(let computer, _) = snapshot.config.mode {
            return computer == .p1 ? .p2 : .p1
        }
        return nil
    }

    // MARK: Commands

    func tap(_ point: PointState) {
        perform {
            switch try session.tap(point: point.name) {
            case .selected(let name):
                Announcer.post(String(localized: "announce_picked \(name)"))
            case .deselected(let name):
                Announcer.post(String(localized: "announce_dropped \(name)"))
            case .refused(let refusal):
                feedback.refusals += 1
                feedback.refusedPoint = point.name
                show(.refused(refusal))
            case .played:
                break
            }
        }
    }

    func undo() {
        if perform({ try session.undo() }) { Announcer.post(String(localized: "announce_undone")) }
    }

    func redo() {
        if perform({ try session.redo() }) { Announcer.post(String(localized: "announce_redone")) }
    }

    func resign() {
        perform {
            let player = try session.resign()
            Announcer.post(String(localized: "announce_resigned \(names.spoken(player))"))
        }
    }

    func rematch() {
        showsResult = false
        perform { session.newGame() }
        Announcer.post(String(localized: "announce_new_game"))
    }

    func setLevel(_ level: Int) {
        guard case .vsComputer = snapshot.config.mode else { return }
        perform { try session.setLevel(level: UInt8(clamping: level)) }
    }

    func setTimer(_ timer: TurnTimer) {
        guard timer != snapshot.config.timer else { return }
        perform { session.setTimer(timer: timer) }
    }

    /// The app left the foreground: freeze the turn timer.
    func pause() { perform { session.pause() } }

    /// The app is back: the timer runs again.
    func resume() { perform { session.resume() } }

    func dismissNotice() {
        notice = nil
    }

    // MARK: Events

    func handle(_ event: SessionEvent) {
        switch event {
        case .computerMoved, .gameOver:
            refresh()
        case .turnTimedOut(let player, _):
            show(.timedOut(player))
            Announcer.post(String(localized: "announce_timed_out \(names.spoken(player))"))
            refresh()
        case .saveFailed(let message):
            show(.saveFailed(message))
            Announcer.post(String(localized: "announce_save_failed"))
        }
    }

    // MARK: Drawing state

    /// Reads the engine's changes since the board's revision and the snapshot they lead to
    /// (one atomic call), and moves the board with them.
    private func refresh() {
        let batch = session.changesSince(revision: revision)
        revision = batch.revision
        let newSnapshot = batch.snapshot
        let wasOver = snapshot.outcome != nil
        if !batch.changes.isEmpty {
            let motions = pieces.apply(batch.changes, reaching: newSnapshot)
            count(motions)
            Announcer.post(
                Announcer.describe(
                    motions,
                    game: newSnapshot.config.game,
                    names: names,
                    formedLine: batch.changes.contains { !$0.lines.isEmpty }
                )
            )
        }
        snapshot = newSnapshot
        clock = TurnClock(snapshot: newSnapshot)
        if newSnapshot.outcome != nil, !wasOver {
            feedback.endings += 1
            showsResult = true
        }
        scheduleLeavingCleanup()
    }

    private func count(_ motions: [BoardMotion]) {
        for motion in motions {
            switch motion {
            case .placed, .stepped: feedback.moves += 1
            case .pinned, .removed, .stabled: feedback.removals += 1
            }
        }
    }

    private func scheduleLeavingCleanup() {
        let ids = Set(pieces.leaving.map(\.id))
        guard !ids.isEmpty else { return }
        Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(700))
            self?.pieces.removeLeaving(ids)
        }
    }

    private func show(_ newNotice: GameNotice) {
        notice = newNotice
        noticeTask?.cancel()
        noticeTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(3))
            guard !Task.isCancelled else { return }
            self?.notice = nil
        }
    }

    /// Runs a session command and redraws; a failure becomes a notice (the engine never
    /// panics across the boundary, but a command can be refused, e.g. nothing to undo).
    /// True when the command succeeded.
    @discardableResult
    private func perform(_ command: () throws -> Void) -> Bool {
        defer { refresh() }
        do {
            try command()
            return true
        } catch {
            show(.failure(userMessage(for: error)))
            return false
        }
    }
}
