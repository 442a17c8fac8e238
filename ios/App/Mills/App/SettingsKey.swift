/// The `UserDefaults` keys of the settings, read and written with `@AppStorage`
/// (the same settings as Android's `UserSettings`).
enum SettingsKey {
    static let level = "level"
    static let turnTimer = "turnTimer"
    static let humanSide = "humanSide"
    static let soundOn = "sound"
    static let hapticsOn = "haptics"
    static let theme = "theme"
    static let boardStyle = "boardStyle"
    static let faceToFace = "faceToFace"
    // analysis
    static let evaluationBar = "evaluationBar"
    // online play
    static let onlineServer = "onlineServer"
    static let onlineName = "onlineName"
}

/// The defaults, shared by every `@AppStorage` that reads a key.
enum SettingsDefault {
    static let level = EngineChoices.defaultLevel
    static let turnTimer = TimerChoice(EngineChoices.defaultTimer)
    static let humanSide = HumanSide.white
    static let soundOn = true
    static let hapticsOn = true
    static let theme = AppTheme.system
    static let boardStyle = BoardStyle.wood
    static let faceToFace = false
    // the evaluation bar is off until the player turns it on
    static let evaluationBar = false
    // no server: the app is wholly offline until the player names one
    static let onlineServer = ""
    static let onlineName = ""
}
