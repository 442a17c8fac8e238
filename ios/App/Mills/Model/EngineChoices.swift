import MillsCore
import SwiftUI

/// The computer's levels and the turn timer's choices, with their defaults, as the engine
/// gives them (`levels()`, `timerChoices()`): the app keeps no range or default of its own.
enum EngineChoices {
    static let levels: [LevelInfo] = MillsCore.levels()

    static let defaultLevel: Int = {
        let all = MillsCore.levels()
        return Int(all.first(where: \.isDefault)?.number ?? all[0].number)
    }()

    /// The localized name of a level (`level_5` → "Skilled").
    static func levelTitle(_ number: Int) -> LocalizedStringKey {
        let all = Self.levels
        let level = all.first(where: { Int($0.number) == number }) ?? all.first(where: \.isDefault)
        return LocalizedStringKey(level?.nameKey ?? "")
    }

    private static let timers: TimerChoices = timerChoices()

    static let defaultTimer: TurnTimer = timers.defaultTimer

    /// Seconds per turn; nil when the timer is off.
    static func seconds(of timer: TurnTimer) -> UInt32? {
        timers.choices.first(where: { $0.timer == timer })?.seconds
    }
}
