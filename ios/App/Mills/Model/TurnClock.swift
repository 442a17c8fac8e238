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

    /// A player's clock in an online game: the server's reading, counted down from `now`
    /// while it runs (the side to move), else that side's next turn's time. Nil with the
    /// timer off.
    init?(clock: PlayerClock, limitMs: UInt64?, now: Date = .now) {
        guard let leftMs = clock.leftMs else { return nil }
        let left = TimeInterval(leftMs) / 1000
        player = clock.player
        limit = limitMs.map { TimeInterval($0) / 1000 } ?? left
        deadline = clock.running ? now.addingTimeInterval(left) : nil
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
