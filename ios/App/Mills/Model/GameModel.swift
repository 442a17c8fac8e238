import Foundation
import MillsCore
import Observation

/// One game on screen: the engine's session and what the views draw from it.
///
/// Every rule and interaction decision is the engine's (`GameSession`); this class only
/// forwards taps and commands, reads the engine's board changes with the snapshot they lead
/// to (its `BoardDriver`, one atomic read each time), and turns them into animations and feedback. The
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
    /// The sheet over the board (rules, settings, the record), if any: the turn timer
    /// stands still while one covers the board, as it does on Android.
    var sheet: GameSheet? {
        didSet { updateTurnTimer() }
    }
    /// The move list and the review of earlier turns.
    let review: GameReview
    /// Hints and the evaluation bar.
    let advisor: Advisor

    @ObservationIgnored private let session: GameSession
    @ObservationIgnored private let announce: Announce
    /// The board the views draw, read after every call and event.
    @ObservationIgnored private var board: BoardDriver
    @ObservationIgnored private var noticeTask: Task<Void, Never>?
    /// The game is on screen with the app in the foreground (the app model says so).
    @ObservationIgnored private var isOnScreen = false

    /// Takes over a new or restored session and starts listening to it; what happens is
    /// spoken through `announce`.
    init(session: GameSession, announce: @escaping Announce) {
        self.session = session
        self.announce = announce
        let board = BoardDriver(following: session.board())
        let snapshot = board.snapshot
        self.board = board
        self.snapshot = snapshot
        pieces = BoardPieces(snapshot: snapshot)
        clock = TurnClock(snapshot: snapshot)
        review = GameReview(session: session)
        advisor = Advisor(session: session)
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

    /// What the board draws: the position under review, else the live game.
    var scene: BoardScene {
        review.position.map(BoardScene.init(review:)) ?? BoardScene(snapshot: snapshot)
    }

    /// The pieces the board draws, with the scene.
    var boardPieces: BoardPieces {
        review.pieces ?? pieces
    }

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
        guard !review.isReviewing else {
            // An earlier position is on the board: the live game is not played from here.
            show(.failure(String(localized: "review_tap_refused")))
            return
        }
        perform {
            // a local game's tap carries no verdict: the step says it all
            switch try session.tap(point: point.name).step {
            case .selected(let name):
                say(String(localized: "announce_picked \(name)"))
            case .deselected(let name):
                say(String(localized: "announce_dropped \(name)"))
            case .refused(let refusal):
                feedback.refusals += 1
                feedback.refusedPoint = point.name
                show(.refused(refusal))
            case .played, .unchanged:
                break
            }
        }
    }

    func undo() {
        if perform({ try session.undo() }) { say(String(localized: "announce_undone")) }
    }

    func redo() {
        if perform({ try session.redo() }) { say(String(localized: "announce_redone")) }
    }

    func resign() {
        perform {
            let player = try session.resign()
            say(String(localized: "announce_resigned \(names.name(player))"))
        }
    }

    func rematch() {
        showsResult = false
        review.close()
        perform { session.newGame() }
        updateTurnTimer()
        say(String(localized: "announce_new_game"))
    }

    func setLevel(_ level: Int) {
        guard case .vsComputer = snapshot.config.mode else { return }
        perform { try session.setLevel(level: UInt8(clamping: level)) }
    }

    func setTimer(_ timer: TurnTimer) {
        guard timer != snapshot.config.timer else { return }
        perform { session.setTimer(timer: timer) }
    }

    /// The app left the foreground (or the game the screen): freeze the turn timer.
    func pause() {
        isOnScreen = false
        updateTurnTimer()
    }

    /// The app is back: the timer runs again, unless an earlier turn is under review.
    func resume() {
        isOnScreen = true
        updateTurnTimer()
    }

    /// The turn timer runs while the live game is on screen and uncovered; reviewing
    /// freezes it (as on Android), so that looking back costs no time.
    private func updateTurnTimer() {
        if isOnScreen, sheet == nil, !review.isReviewing {
            perform { session.resume() }
        } else {
            perform { session.pause() }
        }
    }

    /// A hint is for the side to move while it is a person's turn.
    var canAskHint: Bool {
        guard !isOver, !review.isReviewing, !snapshot.computerThinking else { return false }
        guard let humanPlayer else { return true }
        return snapshot.toMove == humanPlayer
    }

    /// The live game waits for a turn that has no entry in the move list yet: the list shows
    /// it, highlighted.
    var showsNextTurnRow: Bool {
        !isOver && review.currentTurn >= review.turns.count
    }

    /// A new game is asked about first only when the engine says one would be thrown away.
    var asksBeforeNewGame: Bool { snapshot.unfinished }

    func dismissNotice() {
        notice = nil
    }

    /// A short message over the board (a refused command, a record that could not be read).
    func show(_ newNotice: GameNotice) {
        notice = newNotice
        noticeTask?.cancel()
        noticeTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(3))
            guard !Task.isCancelled else { return }
            self?.notice = nil
        }
    }

    /// The engine's text record of the game (docs/records.md), with today's date and the
    /// players' names as the app shows them.
    func exportRecord() throws -> String {
        let names = self.names
        return try session.exportRecord(
            details: RecordDetails(
                date: RecordDate.today(),
                p1Name: names.name(.p1),
                p2Name: names.name(.p2)
            )
        )
    }

    /// "Play from here": the position under review becomes the live one, as one undo that
    /// follows the undo rules against the computer (the engine may go back further, or
    /// refuse, and says so).
    func playFromReview() {
        guard let position = review.position else { return }
        var live: UInt32?
        let done = perform { live = try session.undoToTurn(turn: position.turn) }
        if done, let live {
            review.close()
            updateTurnTimer()
            say(String(localized: "announce_played_from_here \(Int(live) + 1)"))
        }
    }

    // MARK: Review

    /// Shows the board after move list entry `index`, that turn highlighted.
    func reviewTurn(at index: Int) {
        reviewCommand { try review.showTurn(at: index) }
    }

    /// One turn back or forward (back from the live game opens the review).
    func stepReview(by delta: Int) {
        reviewCommand { try review.step(by: delta) }
    }

    /// Opens the review at the start of the game, or at its final position.
    func openReview(atEnd: Bool) {
        showsResult = false
        reviewCommand { try review.open(atEnd: atEnd) }
    }

    func closeReview() {
        review.close()
        updateTurnTimer()
        say(String(localized: "review_exit"))
    }

    /// Runs a review step (the live game is not touched) and says where it is.
    private func reviewCommand(_ step: () throws -> Void) {
        let before = review.position?.turn
        do {
            try step()
        } catch {
            show(.failure(userMessage(for: error)))
            return
        }
        if (before == nil) != (review.position == nil) {
            updateTurnTimer()
        }
        guard let position = review.position, position.turn != before else { return }
        say(ReviewText(position: position, turns: review.turns).spoken)
    }

    // MARK: Hints

    /// Asks the engine for the best rest of the turn (off the main actor), drawn on the
    /// board and announced.
    func askHint() {
        guard canAskHint else { return }
        say(String(localized: "hint_searching"))
        advisor.askHint { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let hint?):
                say(hint.sentence(next: self.snapshot.next))
            case .success(nil):
                say(String(localized: "hint_none"))
            case .failure(let error):
                self.show(.failure(userMessage(for: error)))
            }
        }
    }

    func cancelHint() {
        advisor.cancelHint()
    }

    // MARK: Events

    func handle(_ event: SessionEvent) {
        switch event {
        case .computerMoved, .gameOver:
            refresh()
        case .turnTimedOut(let player):
            show(.timedOut(player))
            say(String(localized: "announce_timed_out \(names.name(player))"))
            refresh()
        case .saveFailed(let message):
            show(.saveFailed(message))
            say(String(localized: "announce_save_failed"))
        }
    }

    // MARK: Drawing state

    /// Reads the engine's changes since the board's revision and the snapshot they lead to
    /// (one atomic call), and moves the board with them.
    private func refresh() {
        let batch = board.read()
        let newSnapshot = batch.snapshot
        let wasOver = snapshot.outcome != nil
        // The game itself changed: a board change, or a resignation (which has none).
        let gameChanged = !batch.changes.isEmpty
            || newSnapshot.outcome != snapshot.outcome
            || newSnapshot.actionCount != snapshot.actionCount
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
        clock = TurnClock(snapshot: newSnapshot)
        if gameChanged {
            review.reload()
        }
        advisor.gameChanged(newSnapshot, moved: gameChanged)
        if newSnapshot.outcome != nil, !wasOver {
            feedback.endings += 1
            showsResult = true
        }
        scheduleLeavingCleanup()
    }

    private func say(_ sentence: String?) {
        if let sentence { announce(sentence) }
    }

    private func scheduleLeavingCleanup() {
        pieces.afterLeaving { [weak self] ids in self?.pieces.removeLeaving(ids) }
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
