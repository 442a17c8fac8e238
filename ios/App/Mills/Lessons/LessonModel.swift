import Foundation
import MillsCore
import Observation

/// What the lesson said about the learner's last try, shown under the board.
enum LessonMessage: Equatable {
    /// A typical wrong answer, and why it is wrong (the engine's explanation).
    case wrong(String)
    /// A legal action the lesson does not teach: "Not this time" with the hint.
    case notThisTime(String)
    /// The rules refused the tap.
    case refused(Refusal)
    /// The goal is reached: the lesson's closing words.
    case solved(String)
    /// A call into the engine failed.
    case failure(String)
}

/// One lesson on screen: the engine's `LessonSession` and what the views draw from it.
///
/// As `GameModel` does for a game, this only forwards taps, reads the engine's board changes
/// with the snapshot they lead to (a `BoardDriver`) and turns them into animations, feedback
/// and announcements. The lesson judges every action; the scripted opponent answers in the
/// same call. The one thing the app counts is the lesson's turn timer (`timerSeconds`):
/// when it runs out the model calls `timeOut()`, and the engine passes the turn.
@MainActor
@Observable
final class LessonModel {
    private(set) var lesson: LessonInfo
    private(set) var snapshot: Snapshot
    private(set) var pieces: BoardPieces
    private(set) var feedback = GameFeedback()
    private(set) var message: LessonMessage?
    private(set) var showsHint = false
    private(set) var isSolved: Bool
    /// The lesson after this one in the course; nil after the last.
    private(set) var nextLesson: LessonInfo?
    /// The lesson's turn timer, while it has one and is not solved.
    private(set) var clock: TurnClock?
    /// The solved mark could not be saved (the lesson itself is solved).
    private(set) var progressNotSaved = false
    /// The number of lessons in this lesson's course.
    private(set) var courseLength: Int

    @ObservationIgnored private var session: LessonSession
    /// The lesson's board, read after every call.
    @ObservationIgnored private var board: BoardDriver
    @ObservationIgnored private let progress: LessonProgressStore?
    @ObservationIgnored private let announce: Announce
    @ObservationIgnored private var timeOutTask: Task<Void, Never>?
    /// The scripted reply's changes, shown a moment after the learner's own.
    @ObservationIgnored private var pendingReply: PendingReply?
    @ObservationIgnored private var replyTask: Task<Void, Never>?
    /// The lesson is on screen and the app in the foreground: its timer runs.
    @ObservationIgnored private var timerMayRun = false

    /// The lesson with this id (from the course), its texts in `locale`; solved lessons are
    /// marked in `progress`; what happens is spoken through `announce`.
    convenience init(
        lessonId: String,
        locale: String = AppLanguage.current,
        progress: LessonProgressStore?,
        announce: @escaping Announce
    ) throws {
        try self.init(session: LessonSession(lessonId: lessonId, locale: locale), progress: progress, announce: announce)
    }

    init(session: LessonSession, progress: LessonProgressStore?, announce: @escaping Announce) {
        self.session = session
        self.progress = progress
        self.announce = announce
        let lesson = session.lesson()
        self.lesson = lesson
        let board = BoardDriver(following: session.board())
        let snapshot = board.snapshot
        self.board = board
        self.snapshot = snapshot
        pieces = BoardPieces(snapshot: snapshot)
        isSolved = session.isSolved()
        nextLesson = session.nextLesson()
        courseLength = lessons(game: lesson.game, locale: lesson.locale).count
        setClock(left: timerLimit)
    }

    var game: GameId { lesson.game }

    /// White and Black, as the lessons' texts call the sides; the learner is marked "you"
    /// on the panel.
    var names: PlayerNames { PlayerNames(human: nil) }

    // A lesson is always live: no review, no hint drawn on the board (its hint is words).
    var scene: BoardScene { BoardScene(snapshot: snapshot) }
    var boardPieces: BoardPieces { pieces }
    var boardHint: Hint? { nil }
    var isReviewing: Bool { false }
    func stepReview(by delta: Int) {}

    // MARK: Commands

    func tap(_ point: PointState) {
        perform(at: point.name) { try session.tap(point: point.name) }
    }

    /// The lesson's timer ran out: the learner's turn passes.
    func timeOut() {
        let expired = String(localized: "announce_lesson_timed_out")
        perform(at: nil, saying: expired) { try session.timeOut() }
    }

    /// Back to the lesson's starting position (the engine sends one reset, which redraws).
    func tryAgain() {
        session.tryAgain()
        isSolved = session.isSolved()
        message = nil
        showsHint = false
        refresh()
        setClock(left: timerLimit)
        say(String(localized: "announce_lesson_try_again"))
    }

    func showHint() {
        showsHint = true
        say(lesson.hint)
    }

    /// Replaces this lesson with the next one of the course, on the same screen.
    func openNext() {
        guard let next = nextLesson else { return }
        do {
            let nextSession = try LessonSession(lessonId: next.id, locale: lesson.locale)
            load(nextSession)
            say(next.title)
        } catch {
            message = .failure(userMessage(for: error))
        }
    }

    /// Called when the screen appears or disappears and when the app enters or leaves the
    /// foreground: the lesson's timer runs only while both hold, as a game's does.
    func setTimerAllowed(_ allowed: Bool) {
        guard allowed != timerMayRun else { return }
        timerMayRun = allowed
        setClock(left: clock?.remaining(at: .now) ?? timerLimit)
    }

    // MARK: Handling the engine's answers

    /// Runs a tap (or the time-out), reacts to the lesson's verdict, moves the board with the
    /// engine's changes and says both.
    private func perform(at point: String?, saying prefix: String? = nil, _ call: () throws -> TapResult) {
        let result: TapResult
        do {
            result = try call()
        } catch {
            message = .failure(userMessage(for: error))
            return
        }
        let verdict = react(to: result, at: point)
        let moves = refresh(replyAfter: learnersLastRevision(result))
        let sentences = [prefix, moves, verdict].compactMap { $0 }
        if !sentences.isEmpty {
            say(sentences.joined(separator: String(localized: "list_separator")))
        }
    }

    /// Updates the message for a tap's result; returns what VoiceOver should say about it.
    private func react(to result: TapResult, at point: String?) -> String? {
        switch (result.step, result.verdict) {
        case (.selected(let name), _):
            return String(localized: "announce_picked \(name)")
        case (.deselected(let name), _):
            return String(localized: "announce_dropped \(name)")
        case (.played(_, _, let turnEnded, _), .lesson(_, let verdict)?):
            message = nil
            switch verdict {
            case .onTheWay, .opponentReplied:
                if turnEnded { setClock(left: timerLimit) }
                return nil
            case .solved(let text):
                solve(with: text)
                return [String(localized: "lesson_solved"), text].joined(separator: " ")
            }
        case (_, .lessonWrong(_, let explanation)?):
            message = .wrong(explanation)
            countRefusal(at: point)
            return explanation
        case (_, .lessonNotThisTime(_, let text)?):
            message = .notThisTime(text)
            countRefusal(at: point)
            return text
        case (.refused(let refusal), _):
            message = .refused(refusal)
            countRefusal(at: point)
            return nil
        default:
            // a finished lesson takes no taps
            return nil
        }
    }

    private func solve(with text: String) {
        isSolved = true
        message = .solved(text)
        feedback.endings += 1
        setClock(left: timerLimit)
        guard let progress else { return }
        do {
            _ = try progress.markSolved(lesson.id)
            progressNotSaved = false
        } catch {
            progressNotSaved = true
        }
    }

    private func countRefusal(at point: String?) {
        feedback.refusals += 1
        feedback.refusedPoint = point
    }

    /// Reads the engine's changes since the board's revision and the snapshot they lead to
    /// (the learner's action, then the scripted reply, or a reset), and moves the board with
    /// them. Changes after `replyAfter` (the scripted reply's) follow a moment later, so that
    /// the learner sees their own move first and then the answer. Returns the sentence that
    /// describes what moved now.
    @discardableResult
    private func refresh(replyAfter learnersLast: UInt64? = nil) -> String? {
        showPendingReply()
        let batch = board.read()
        let reply = learnersLast.map { last in batch.changes.filter { $0.revision > last } } ?? []
        guard !reply.isEmpty else {
            return show(batch.changes, reaching: batch.snapshot)
        }
        let sentence = show(batch.changes.filter { $0.revision <= learnersLast ?? 0 }, reaching: nil)
        pendingReply = PendingReply(changes: reply, snapshot: batch.snapshot)
        replyTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(450))
            guard !Task.isCancelled, let self else { return }
            self.say(self.showPendingReply())
        }
        return sentence
    }

    /// Shows the scripted reply now if it is still waiting; returns its sentence.
    @discardableResult
    private func showPendingReply() -> String? {
        replyTask?.cancel()
        replyTask = nil
        guard let reply = pendingReply else { return nil }
        pendingReply = nil
        return show(reply.changes, reaching: reply.snapshot)
    }

    /// Moves the pieces with `changes`; with the snapshot they lead to, the board then shows
    /// it. Returns the sentence that describes the changes.
    private func show(_ changes: [BoardChange], reaching target: Snapshot?) -> String? {
        var sentence: String?
        if !changes.isEmpty {
            let motions = pieces.apply(changes, reaching: target)
            feedback.count(motions)
            sentence = Announcer.describe(
                motions,
                game: lesson.game,
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

    /// Where the learner's own action ended, when the scripted opponent replied to it: the
    /// engine's changes after this revision are the reply's.
    private func learnersLastRevision(_ result: TapResult) -> UInt64? {
        guard case .lesson(let playedRevision, .opponentReplied)? = result.verdict else { return nil }
        return playedRevision
    }

    /// Puts a new lesson on the board. Pieces on the same point with the same owner stay,
    /// the others are redrawn without sliding.
    private func load(_ newSession: LessonSession) {
        replyTask?.cancel()
        replyTask = nil
        pendingReply = nil
        session = newSession
        lesson = newSession.lesson()
        board.follow(newSession.board())
        let newSnapshot = board.snapshot
        pieces.apply([], reaching: newSnapshot)
        snapshot = newSnapshot
        isSolved = newSession.isSolved()
        nextLesson = newSession.nextLesson()
        message = nil
        showsHint = false
        progressNotSaved = false
        courseLength = lessons(game: lesson.game, locale: lesson.locale).count
        setClock(left: timerLimit)
    }

    private func say(_ sentence: String?) {
        if let sentence { announce(sentence) }
    }

    private func scheduleLeavingCleanup() {
        pieces.afterLeaving { [weak self] ids in self?.pieces.removeLeaving(ids) }
    }

    // MARK: The lesson's timer

    /// The seconds of the lesson's timer, as the engine gives them; 0 without one.
    private var timerLimit: TimeInterval {
        TimeInterval(lesson.timerSeconds ?? 0)
    }

    /// Shows the timer with `left` seconds and, while it may run, calls `timeOut()` when
    /// they are over. No timer for a lesson without one or once the lesson is solved.
    private func setClock(left: TimeInterval) {
        timeOutTask?.cancel()
        timeOutTask = nil
        guard lesson.timerSeconds != nil, !isSolved else {
            clock = nil
            return
        }
        clock = TurnClock(player: lesson.learner, limit: timerLimit, left: left, running: timerMayRun)
        guard timerMayRun else { return }
        timeOutTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(left))
            guard !Task.isCancelled else { return }
            self?.timeOut()
        }
    }
}

extension LessonModel: BoardModel {}

/// The scripted reply's board changes and the snapshot they lead to, waiting to be shown.
private struct PendingReply {
    let changes: [BoardChange]
    let snapshot: Snapshot
}

extension TurnClock {
    /// A lesson's turn timer, which the app counts (the engine's lesson session has none).
    init(player: Player, limit: TimeInterval, left: TimeInterval, running: Bool, now: Date = .now) {
        self.player = player
        self.limit = limit
        deadline = running ? now.addingTimeInterval(left) : nil
        frozenLeft = left
    }
}
