import MillsCore
import Observation

/// The engine's advice on the live game: a hint (the best rest of the turn) and the
/// evaluation bar (who stands better).
///
/// Both are full-strength searches that block their thread (`hint(timeMs:)`,
/// `evaluate(timeMs:)`), so they run in detached tasks, never on the main actor. They share
/// the session's one search slot (starting one cancels the other), so this class runs one
/// at a time: a hint asked for during an evaluation stops it and starts when it returns;
/// an evaluation waits for the hint, and for the computer's own search.
@MainActor
@Observable
final class Advisor {
    /// The hint drawn on the board, until the game changes.
    private(set) var hint: Hint?
    /// A hint is being searched for (the Hint button stops it).
    private(set) var isHinting = false
    /// Hints given in this game (the engine counts them; they go into its record).
    private(set) var hintsUsed = 0
    /// The last evaluation of the live position; nil while the bar is off.
    private(set) var evaluation: Evaluation?

    @ObservationIgnored private let session: GameSession
    @ObservationIgnored private var evaluating = false
    @ObservationIgnored private var evaluationStale = true
    @ObservationIgnored private var hintWaits = false
    /// The player stopped the hint: one that arrives anyway (the stop came before the
    /// search had started) is not shown.
    @ObservationIgnored private var hintStopped = false
    /// What to call when the waiting hint has been searched for.
    @ObservationIgnored private var pendingHintDone: (@MainActor @Sendable (Result<Hint?, any Error>) -> Void)?
    @ObservationIgnored private var computerThinking = false
    @ObservationIgnored private var gameOver = false
    @ObservationIgnored private var evaluates = false

    /// The Hint button's search: at most about 1 s, so that the answer feels immediate.
    nonisolated static let hintMilliseconds: UInt32 = 1000
    /// The evaluation bar's search after each turn: short, as it runs after every turn.
    nonisolated static let evaluationMilliseconds: UInt32 = 500

    init(session: GameSession) {
        self.session = session
        hintsUsed = Int(session.hintsUsed())
    }

    /// The evaluation bar was switched on or off (Settings).
    func setEvaluates(_ on: Bool) {
        guard on != evaluates else { return }
        evaluates = on
        if on {
            evaluationStale = true
            evaluateIfIdle()
        } else {
            evaluation = nil
        }
    }

    /// The live game's snapshot is new (`moved`: the game itself changed, by a move, an undo
    /// or a resignation): a hint no longer applies and the evaluation is out of date.
    func gameChanged(_ snapshot: Snapshot, moved: Bool) {
        computerThinking = snapshot.computerThinking
        gameOver = snapshot.outcome != nil
        if moved {
            hint = nil
            hintsUsed = Int(session.hintsUsed())
            evaluationStale = true
        }
        evaluateIfIdle()
    }

    // MARK: Hints

    /// Asks the engine for a hint; `done` gets the sentence to announce, or the error.
    func askHint(done: @escaping @MainActor @Sendable (Result<Hint?, any Error>) -> Void) {
        guard !isHinting else { return }
        hint = nil
        isHinting = true
        hintStopped = false
        if evaluating {
            // The evaluation gives way: its search stops, and the hint starts once it has
            // returned (starting both at once could cancel the hint instead).
            hintWaits = true
            pendingHintDone = done
            session.cancelHint()
        } else {
            startHint(done: done)
        }
    }

    /// Stops the hint being searched for (the engine returns none).
    func cancelHint() {
        guard isHinting else { return }
        if hintWaits {
            hintWaits = false
            isHinting = false
            pendingHintDone?(.success(nil))
            pendingHintDone = nil
        } else {
            hintStopped = true
            session.cancelHint()
        }
    }

    private func startHint(done: @escaping @MainActor @Sendable (Result<Hint?, any Error>) -> Void) {
        let session: GameSession = self.session
        Task { [weak self] in
            let search = Task.detached(priority: .userInitiated) {
                try session.hint(timeMs: Advisor.hintMilliseconds)
            }
            let result: Result<Hint?, any Error>
            do {
                result = .success(try await search.value)
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            self.isHinting = false
            self.hintsUsed = Int(session.hintsUsed())
            if self.hintStopped {
                done(.success(nil))
            } else {
                if case .success(let found) = result {
                    self.hint = found
                }
                done(result)
            }
            self.evaluateIfIdle()
        }
    }

    // MARK: Evaluation

    private func evaluateIfIdle() {
        guard evaluates, evaluationStale, !evaluating, !isHinting, !computerThinking || gameOver else { return }
        evaluating = true
        evaluationStale = false
        let session: GameSession = self.session
        Task { [weak self] in
            let search = Task.detached(priority: .utility) { () -> Result<Evaluation?, any Error> in
                Result { try session.evaluate(timeMs: Advisor.evaluationMilliseconds) }
            }
            let result = await search.value
            guard let self else { return }
            self.evaluating = false
            switch result {
            case .success(let found?):
                if !self.evaluationStale, self.evaluates {
                    self.evaluation = found
                }
            case .success(nil):
                // Cancelled (a hint took the search slot): again once the slot is free.
                self.evaluationStale = true
            case .failure:
                // The session is closed: nothing more to evaluate. The bar keeps its last value.
                self.evaluationStale = false
            }
            if self.hintWaits, let done = self.pendingHintDone {
                self.hintWaits = false
                self.pendingHintDone = nil
                self.startHint(done: done)
            } else {
                self.evaluateIfIdle()
            }
        }
    }
}
