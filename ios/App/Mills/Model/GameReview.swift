import MillsCore
import Observation

/// The move list and the review of one game: the engine's turns (`moveList`) and, while
/// reviewing, the board at an earlier turn (`reviewPosition`, constant time). The live game
/// is never touched until "Play from here" (`undoToTurn`), which the game model runs.
///
/// Review position `n` is the board as turn `n` began, with turn `n - 1` (the move list's
/// entry `n - 1`) as its highlighted last turn; position `turns` is the live board.
@MainActor
@Observable
final class GameReview {
    /// Every turn of the game, oldest first; a resignation is the last entry.
    private(set) var turns: [TurnEntry] = []
    /// The turn the live game is playing (the engine's `currentTurn`).
    private(set) var currentTurn = 0
    /// The position shown instead of the live game; nil while playing.
    private(set) var position: ReviewPosition?
    /// The pieces of `position`, with identities that survive a step (for the fades).
    private(set) var pieces: BoardPieces?

    @ObservationIgnored private let session: GameSession

    init(session: GameSession) {
        self.session = session
        reload()
    }

    var isReviewing: Bool { position != nil }

    /// The move list entry to highlight: the turn the review shows (none at the start),
    /// else the live game's current turn.
    var highlightedTurn: Int? {
        guard let position else { return currentTurn }
        return position.turn == 0 ? nil : Int(position.turn) - 1
    }

    var canStepBack: Bool {
        guard let position else { return !turns.isEmpty }
        return position.turn > 0
    }

    var canStepForward: Bool {
        guard let position else { return false }
        return position.turn < position.turns
    }

    /// "Play from here" makes sense only before the live position.
    var canPlayFromHere: Bool {
        guard let position else { return false }
        return position.turn < position.turns
    }

    /// Reads the move list again after the game changed; a review stays at its turn.
    func reload() {
        turns = session.moveList()
        currentTurn = Int(session.currentTurn())
        if let position {
            do {
                try show(Int(position.turn))
            } catch {
                close()
            }
        }
    }

    /// Shows review position `turn` (0 is the start, `turns` the live board).
    func show(_ turn: Int) throws {
        let next = try session.reviewPosition(turn: UInt32(clamping: max(0, turn)))
        if pieces == nil {
            pieces = BoardPieces(points: next.points)
        } else {
            pieces?.match(next.points)
        }
        position = next
    }

    /// Shows the board after move list entry `index` (that turn highlighted).
    func showTurn(at index: Int) throws {
        let live = try liveIndex()
        try show(min(index + 1, live))
    }

    /// One turn back (from the live game: the board before its last turn) or forward.
    func step(by delta: Int) throws {
        let live = try liveIndex()
        // Nothing to review before the first turn.
        guard position != nil || live > 0 else { return }
        let from = position.map { Int($0.turn) } ?? live
        let to = min(max(from + delta, 0), live)
        guard to != position.map({ Int($0.turn) }) else { return }
        try show(to)
    }

    /// Opens the review at the start (`atEnd` false) or at the final position.
    func open(atEnd: Bool) throws {
        let live = try liveIndex()
        try show(atEnd ? live : 0)
    }

    /// Back to the live game.
    func close() {
        position = nil
        pieces = nil
    }

    /// The index of the live position, from the engine: the current turn is always a
    /// valid review index, and every review position says how many there are.
    private func liveIndex() throws -> Int {
        if let position { return Int(position.turns) }
        return Int(try session.reviewPosition(turn: session.currentTurn()).turns)
    }
}
