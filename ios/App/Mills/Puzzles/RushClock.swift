import Foundation

/// The rush's clock as the app keeps it (the engine gives the length, `puzzleRushSeconds()`): a
/// deadline while it runs, the time left while it is frozen (the app in the background).
/// Every reading takes the time from the caller, so a test moves it by hand.
struct RushClock: Equatable {
    /// The whole rush, in seconds.
    let length: TimeInterval
    /// When the time runs out, while the clock runs.
    let deadline: Date?
    /// The time left while the clock stands still.
    let frozenLeft: TimeInterval

    /// A clock of `length` seconds, standing still until `resumed(at:)`.
    init(length: TimeInterval) {
        self.length = length
        deadline = nil
        frozenLeft = length
    }

    private init(length: TimeInterval, deadline: Date?, frozenLeft: TimeInterval) {
        self.length = length
        self.deadline = deadline
        self.frozenLeft = frozenLeft
    }

    var isRunning: Bool { deadline != nil }

    func remaining(at date: Date) -> TimeInterval {
        guard let deadline else { return frozenLeft }
        return max(0, deadline.timeIntervalSince(date))
    }

    func isOver(at date: Date) -> Bool {
        remaining(at: date) <= 0
    }

    /// 1 at the start, 0 when the time is up.
    func fraction(at date: Date) -> Double {
        length > 0 ? min(1, remaining(at: date) / length) : 0
    }

    /// Runs from `date` on with the time it had left.
    func resumed(at date: Date) -> RushClock {
        guard deadline == nil else { return self }
        return RushClock(length: length, deadline: date.addingTimeInterval(frozenLeft), frozenLeft: frozenLeft)
    }

    /// Stands still at `date`, keeping the time left.
    func paused(at date: Date) -> RushClock {
        guard deadline != nil else { return self }
        return RushClock(length: length, deadline: nil, frozenLeft: remaining(at: date))
    }
}
