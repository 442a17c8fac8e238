import Foundation
import MillsCore

/// The turn timer as the ring draws it: a deadline while it runs, the time left while it
/// is frozen. The engine applies the expiry itself; this only draws.
struct TurnClock: Equatable {
    let player: Player
    let limit: TimeInterval
    let deadline: Date?
    let frozenLeft: TimeInterval

    init?(snapshot: Snapshot, now: Date = .now) {
        guard let leftMs = snapshot.timeLeftMs, let limitMs = snapshot.turnLimitMs else {
            return nil
        }
        let limit = TimeInterval(limitMs) / 1000
        let left = TimeInterval(leftMs) / 1000
        player = snapshot.toMove
        self.limit = limit
        deadline = snapshot.timerRunning ? now.addingTimeInterval(left) : nil
        frozenLeft = left
    }

    var isRunning: Bool { deadline != nil }

    func remaining(at date: Date) -> TimeInterval {
        guard let deadline else { return frozenLeft }
        return max(0, deadline.timeIntervalSince(date))
    }

    /// 1 at the start of the turn, 0 when the time is up.
    func fraction(at date: Date) -> Double {
        limit > 0 ? min(1, remaining(at: date) / limit) : 0
    }
}
