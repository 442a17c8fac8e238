import MillsCore

/// The computer's levels and the turn timer's choices, with their defaults, as the engine
/// gives them (`levels()`, `timerChoices()`): the app keeps no range or default of its own.
enum EngineChoices {
    static let levels: [LevelInfo] = MillsCore.levels()

    static let defaultLevel: Int = {
        let all = MillsCore.levels()
        return Int(all.first(where: \.isDefault)?.number ?? all[0].number)
    }()

    /// The String Catalog key of a level's name (`level_5`, "Skilled"): the default level's
    /// for a number the engine does not know.
    static func levelNameKey(_ number: Int) -> String {
        let level = levels.first(where: { Int($0.number) == number }) ?? levels.first(where: \.isDefault)
        return level?.nameKey ?? ""
    }

    private static let timers: TimerChoices = timerChoices()

    static let defaultTimer: TurnTimer = timers.defaultTimer

    /// Seconds per turn; nil when the timer is off.
    static func seconds(of timer: TurnTimer) -> UInt32? {
        timers.choices.first(where: { $0.timer == timer })?.seconds
    }
}
