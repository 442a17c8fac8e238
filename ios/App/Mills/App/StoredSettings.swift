import SwiftUI

/// The settings a new game is configured from, read from `@AppStorage`.
struct StoredSettings: DynamicProperty {
    @AppStorage(SettingsKey.humanSide) var humanSide = SettingsDefault.humanSide
    @AppStorage(SettingsKey.level) var level = SettingsDefault.level
    @AppStorage(SettingsKey.turnTimer) var timer = SettingsDefault.turnTimer

    var session: SessionSettings {
        SessionSettings(humanSide: humanSide, level: level, timer: timer)
    }
}
