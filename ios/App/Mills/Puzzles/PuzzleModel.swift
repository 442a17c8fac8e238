import Foundation
import MillsCore
import Observation

/// What the puzzle said about the player's last turn, shown under the board.
enum PuzzleMessage: Equatable {
    /// A right turn: the defender answered, `turnsLeft` of the player's turns remain.
    case right(turnsLeft: Int)
    /// A wrong turn, and what it allows ("Now you lose in 7 turns."): the engine's words,
    /// from its tables.
    case wrong(String)
    /// Solved; `firstAttempt` is what counts (solved, with hints, or failed before a retry).
    case solved(firstAttempt: PuzzleResult)
    /// The rules refused the tap.
    case refused(Refusal)
    /// A call into the engine failed.
    case failure(String)
}

/// One puzzle on screen: the engine's `PuzzleSession` and what the views draw from it.
///
/// As `LessonModel` does for a lesson, this only forwards taps, reads the engine's board
/// changes with the snapshot they lead to (a `BoardDriver`) and animates them. The engine
/// judges every whole turn against its endgame tables, answers a right one with the longest
/// defence (shown a moment after the player's own move) and says what a wrong one allows.
/// The first attempt's result goes to the statistics once (`PuzzleStatsStore`).
@MainActor
@Observable
final class PuzzleModel {
    private(set) var puzzle: PuzzleInfo
    /// "White to move and win in 5" (a tactic's: what to reach within how many turns), in the
    /// session's language (the engine's words).
    private(set) var goal: String
    private(set) var snapshot: Snapshot
    private(set) var pieces: BoardPieces
    private(set) var feedback = GameFeedback()
    private(set) var message: PuzzleMessage?
    /// The winning turn the last hint showed, drawn on the board until the next move.
    private(set) var hint: Hint?
    /// The player's turns left to the win.
    private(set) var turnsLeft: Int
    private(set) var isSolved = false
    private(set) var isFailed = false
    /// The statistics could not be saved (the puzzle itself is finished).
    private(set) var statsNotSaved = false
    /// The puzzle after this one (free choice: the next of the list); nil when none.
    private(set) var nextPuzzle: PuzzleInfo?

    @ObservationIgnored private var session: PuzzleSession
    @ObservationIgnored private let locale: String
    /// The puzzle's board, read after every call.
    @ObservationIgnored private var board: BoardDriver
    @ObservationIgnored private let stats: PuzzleStatsStore?
    @ObservationIgnored private let announce: Announce
    @ObservationIgnored private let following: (PuzzleInfo) -> PuzzleInfo?
    /// The first attempt's result is in the statistics.
    @ObservationIgnored private var recorded = false
    /// Called once when the first attempt ends (the rush counts it).
    @ObservationIgnored var onFinished: ((PuzzleResult) -> Void)?
    /// The defender's reply, shown a moment after the player's own move.
    @ObservationIgnored private var pendingReply: PendingPuzzleReply?
    @ObservationIgnored private var replyTask: Task<Void, Never>?

    /// The puzzle `info`; its first result goes to `stats` (none: nothing is kept); `next`
    /// gives the puzzle offered after one (none by default); what happens is spoken
    /// through `announce`; its words in `locale`. Throws when the engine cannot start it (its
    /// game's endgame tables are not ready yet).
    init(
        puzzle info: PuzzleInfo,
        locale: String = AppLanguage.current,
        stats: PuzzleStatsStore?,
        next following: @escaping (PuzzleInfo) -> PuzzleInfo? = { _ in nil },
        announce: @escaping Announce
    ) throws {
        let session = try PuzzleSession(puzzleId: info.id, locale: locale)
        self.session = session
        self.locale = locale
        self.stats = stats
        self.following = following
        self.announce = announce
        let started = session.puzzle()
        puzzle = started
        goal = session.goal()
        let board = BoardDriver(following: session.board())
        let snapshot = board.snapshot
        self.board = board
        self.snapshot = snapshot
        pieces = BoardPieces(snapshot: snapshot)
        turnsLeft = Int(started.turns)
        nextPuzzle = following(started)
    }

    var game: GameId { puzzle.game }

    /// White and Black, as the goal names the sides.
    var names: PlayerNames { PlayerNames(human: nil) }

    /// The attempt is over (solved or failed): Retry or Next.
    var isFinished: Bool { isSolved || isFailed }

    // A puzzle is always live: no review; the hint is drawn on the board, as a game's.
    var scene: BoardScene { BoardScene(snapshot: snapshot) }
    var boardPieces: BoardPieces { pieces }
    var boardHint: Hint? { hint }
    var isReviewing: Bool { false }
    func stepReview(by delta: Int) {}

    // MARK: Commands

    func tap(_ point: PointState) {
        // the attempt is over: Retry or Next (the engine would answer `finished`)
        guard !isFinished else { return }
        let result: TapResult
        do {
            result = try session.tap(point: point.name)
        } catch {
            message = .failure(userMessage(for: error))
            return
        }
        let verdict = react(to: result, at: point.name)
        let moves = refresh(replyAfter: playersLastRevision(result))
        say([moves, verdict].compactMap { $0 })
    }

    /// Shows a winning turn for this turn on the board and says it (a turn begun is taken
    /// back first, by the engine). The puzzle then counts as solved with hints.
    func showHint() {
        guard !isFinished else { return }
        do {
            let winning = try session.hint()
            hint = winning
            message = nil
            refresh()
            say([winning.sentence(next: snapshot.next)])
        } catch {
            message = .failure(userMessage(for: error))
        }
    }

    /// The puzzle again from its position; the first attempt's result stays.
    func retry() {
        session.retry()
        isSolved = false
        isFailed = false
        hint = nil
        message = nil
        turnsLeft = Int(puzzle.turns)
        refresh()
        say([String(localized: "announce_puzzle_retry")])
    }

    /// Replaces this puzzle with the next one, on the same screen.
    func openNext() {
        guard let next = nextPuzzle else { return }
        open(next)
    }

    /// Puts another puzzle on the board. Pieces on the same point with the same owner stay,
    /// the others are redrawn without sliding.
    func open(_ info: PuzzleInfo) {
        do {
            let newSession = try PuzzleSession(puzzleId: info.id, locale: locale)
            load(newSession)
            say([goal])
        } catch {
            message = .failure(userMessage(for: error))
        }
    }

    // MARK: Handling the engine's answers

    /// Updates the state for a tap's result; returns what VoiceOver should say about it.
    private func react(to result: TapResult, at point: String) -> String? {
        if case .puzzle(_, let verdict)? = result.verdict {
            return react(to: verdict)
        }
        switch result.step {
        case .selected(let name):
            return String(localized: "announce_picked \(name)")
        case .deselected(let name):
            return String(localized: "announce_dropped \(name)")
        case .refused(let refusal):
            message = .refused(refusal)
            feedback.refusals += 1
            feedback.refusedPoint = point
            return nil
        case .played, .unchanged:
            // a played action always comes with the puzzle's verdict; an attempt over takes no taps
            return nil
        }
    }

    private func react(to verdict: TurnVerdict) -> String? {
        switch verdict {
        case .continue:
            return nil
        case .right(_, let left):
            hint = nil
            turnsLeft = Int(left)
            message = .right(turnsLeft: turnsLeft)
            return PuzzleText.right(turnsLeft: turnsLeft)
        case .solved(let result):
            hint = nil
            isSolved = true
            turnsLeft = 0
            feedback.endings += 1
            message = .solved(firstAttempt: result)
            finish(result)
            return PuzzleText.solved(firstAttempt: result, kind: puzzle.kind)
        case .wrong(let wrong):
            hint = nil
            isFailed = true
            feedback.refusals += 1
            message = .wrong(wrong.explanation)
            finish(.failed)
            return [PuzzleText.wrong(kind: puzzle.kind), wrong.explanation].joined(separator: " ")
        }
    }

    /// The first attempt ended: its result goes to the statistics, once.
    private func finish(_ result: PuzzleResult) {
        guard !recorded else { return }
        recorded = true
        onFinished?(result)
        guard let stats else { return }
        do {
            try stats.recordPuzzle(puzzle, result: result)
            statsNotSaved = false
        } catch {
            statsNotSaved = true
        }
    }

    /// Reads the engine's changes since the board's revision and the snapshot they lead to
    /// (the player's action, then the defender's reply, or a reset), and moves the board with
    /// them. Changes after `replyAfter` (the defender's) follow a moment later, so that the
    /// player sees their own move first and then the answer. Returns the sentence that
    /// describes what moved now.
    @discardableResult
    private func refresh(replyAfter playersLast: UInt64? = nil) -> String? {
        showPendingReply()
        let batch = board.read()
        let reply = playersLast.map { last in batch.changes.filter { $0.revision > last } } ?? []
        guard let playersLast, !reply.isEmpty else {
            return show(batch.changes, reaching: batch.snapshot)
        }
        let sentence = show(batch.changes.filter { $0.revision <= playersLast }, reaching: nil)
        pendingReply = PendingPuzzleReply(changes: reply, snapshot: batch.snapshot)
        replyTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(450))
            guard !Task.isCancelled, let self else { return }
            self.say([self.showPendingReply()].compactMap { $0 })
        }
        return sentence
    }

    /// Shows the defender's reply now if it is still waiting; returns its sentence.
    @discardableResult
    func showPendingReply() -> String? {
        replyTask?.cancel()
        replyTask = nil
        guard let reply = pendingReply else { return nil }
        pendingReply = nil
        return show(reply.changes, reaching: reply.snapshot)
    }

    /// The defender's reply is still to be shown.
    var isReplyPending: Bool { pendingReply != nil }

    /// Moves the pieces with `changes`; with the snapshot they lead to, the board then shows
    /// it. Returns the sentence that describes the changes.
    private func show(_ changes: [BoardChange], reaching target: Snapshot?) -> String? {
        var sentence: String?
        if !changes.isEmpty {
            let motions = pieces.apply(changes, reaching: target)
            feedback.count(motions)
            sentence = Announcer.describe(
                motions,
                game: puzzle.game,
                names: names,
                formedLine: changes.contains { !$0.lines.isEmpty }
            )
        }
        if let target {
            snapshot = target
        }
        scheduleLeavingCleanup()
        return sentence
    }

    /// Where the player's own turn ended, when the defender replied to it: the engine's
    /// changes after this revision are the reply's.
    private func playersLastRevision(_ result: TapResult) -> UInt64? {
        guard case .puzzle(let playedRevision, .right)? = result.verdict else { return nil }
        return playedRevision
    }

    private func load(_ newSession: PuzzleSession) {
        replyTask?.cancel()
        replyTask = nil
        pendingReply = nil
        session = newSession
        puzzle = newSession.puzzle()
        goal = newSession.goal()
        board.follow(newSession.board())
        let newSnapshot = board.snapshot
        pieces.apply([], reaching: newSnapshot)
        snapshot = newSnapshot
        turnsLeft = Int(puzzle.turns)
        isSolved = false
        isFailed = false
        hint = nil
        message = nil
        statsNotSaved = false
        recorded = false
        nextPuzzle = following(puzzle)
    }

    private func say(_ sentences: [String]) {
        guard !sentences.isEmpty else { return }
        announce(sentences.joined(separator: String(localized: "list_separator")))
    }

    private func scheduleLeavingCleanup() {
        pieces.afterLeaving { [weak self] ids in self?.pieces.removeLeaving(ids) }
    }
}

extension PuzzleModel: BoardModel {}

/// The defender's board changes and the snapshot they lead to, waiting to be shown.
private struct PendingPuzzleReply {
    let changes: [BoardChange]
    let snapshot: Snapshot
}
