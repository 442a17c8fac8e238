import Foundation
import MillsCore
import Observation

/// A puzzle rush: as many puzzles of one game as the player can solve before the clock runs
/// out, the difficulty rising (the engine's `rushOrder`, a new seed each rush). A wrong turn
/// (or a hint, which a rush does not offer) costs the puzzle, and the next one comes. The
/// clock is the app's: it stands still while the rush is not on screen or the app is in the
/// background, and reads the time from `now`, which a test moves by hand. At the end the
/// engine keeps the game's best rush.
@MainActor
@Observable
final class PuzzleRushModel {
    enum Phase: Equatable {
        /// Shown, not started.
        case ready
        case running
        /// The time ran out (or the puzzles did).
        case over
    }

    let game: GameId
    private(set) var phase: Phase = .ready
    private(set) var clock: RushClock
    /// The puzzle being played; nil before the start.
    private(set) var current: PuzzleModel?
    /// Puzzles solved in this rush.
    private(set) var solved = 0
    /// Puzzles lost to a wrong turn.
    private(set) var missed = 0
    /// The game's best rush before this one.
    private(set) var previousBest = 0
    /// This rush beat the best.
    private(set) var isNewBest = false
    /// Why a puzzle could not start or the result not be saved.
    private(set) var error: String?

    @ObservationIgnored private let order: [PuzzleInfo]
    @ObservationIgnored private var index = 0
    @ObservationIgnored private let stats: PuzzleStatsStore?
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let announce: Announce
    @ObservationIgnored private var isOnScreen = false
    @ObservationIgnored private var endTask: Task<Void, Never>?
    @ObservationIgnored private var advanceTask: Task<Void, Never>?

    /// A rush of `game`'s puzzles in the order `seed` gives; the best is kept in `stats`.
    init(
        game: GameId,
        seed: UInt64 = UInt64.random(in: 0...UInt64.max),
        stats: PuzzleStatsStore?,
        now: @escaping () -> Date = { Date.now },
        announce: @escaping Announce
    ) {
        self.game = game
        self.stats = stats
        self.now = now
        self.announce = announce
        order = puzzleRushOrder(game: game, seed: seed)
        clock = RushClock(length: TimeInterval(puzzleRushSeconds()))
        previousBest = Int(stats?.game(game)?.bestRush ?? 0)
    }

    /// The time left now.
    var remaining: TimeInterval { clock.remaining(at: now()) }

    /// Starts the clock and the first puzzle.
    func start() {
        guard phase == .ready else { return }
        phase = .running
        guard let first = order.first else {
            end()
            return
        }
        do {
            let model = try PuzzleModel(puzzle: first, stats: nil, announce: announce)
            model.onFinished = { [weak self] result in self?.puzzleFinished(result) }
            current = model
            error = nil
        } catch {
            self.error = userMessage(for: error)
            phase = .ready
            return
        }
        updateClock()
        announce(current?.goal ?? "")
    }

    /// Called when the screen appears or disappears and when the app enters or leaves the
    /// foreground: the clock runs only while both hold.
    func setOnScreen(_ onScreen: Bool) {
        isOnScreen = onScreen
        updateClock()
    }

    /// Ends the rush if its time is up (the app's timer calls this at the deadline; a test
    /// calls it after moving its clock). True when the rush is over.
    @discardableResult
    func checkTime() -> Bool {
        if phase == .running, clock.isOver(at: now()) {
            end()
        }
        return phase == .over
    }

    // MARK: The puzzles

    private func puzzleFinished(_ result: PuzzleResult) {
        // A turn played after the deadline (before the timer fired) does not count.
        guard !checkTime() else { return }
        if case .solved = result {
            solved += 1
        } else {
            missed += 1
        }
        advanceTask?.cancel()
        advanceTask = Task { [weak self] in
            // the last move stays on the board a moment
            try? await Task.sleep(for: .milliseconds(700))
            guard !Task.isCancelled else { return }
            self?.advance()
        }
    }

    /// The next puzzle of the order, on the same board.
    func advance() {
        advanceTask?.cancel()
        advanceTask = nil
        guard phase == .running, !checkTime(), let current else { return }
        index += 1
        guard index < order.count else {
            end()
            return
        }
        current.open(order[index])
    }

    // MARK: The clock

    private func updateClock() {
        endTask?.cancel()
        endTask = nil
        let date = now()
        guard phase == .running, isOnScreen else {
            clock = clock.paused(at: date)
            return
        }
        clock = clock.resumed(at: date)
        let left = clock.remaining(at: date)
        endTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(left))
            guard !Task.isCancelled else { return }
            self?.checkTime()
        }
    }

    private func end() {
        guard phase != .over else { return }
        phase = .over
        endTask?.cancel()
        advanceTask?.cancel()
        clock = clock.paused(at: now())
        if let stats {
            do {
                isNewBest = try stats.recordRush(game, solved: solved)
            } catch {
                self.error = userMessage(for: error)
            }
        }
        announce(String(localized: "announce_rush_over \(solved)"))
    }
}
