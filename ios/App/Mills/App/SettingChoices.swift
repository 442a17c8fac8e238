import Foundation
import MillsCore

/// The turn timer choices of Settings, stored by raw value.
enum TimerChoice: String, CaseIterable, Identifiable {
    case off, seconds15, seconds30, seconds60, seconds120

    var id: Self { self }

    var turnTimer: TurnTimer {
        switch self {
        case .off: .off
        case .seconds15: .seconds15
        case .seconds30: .seconds30
        case .seconds60: .seconds60
        case .seconds120: .seconds120
        }
    }

    /// The stored choice of an engine timer setting.
    init(_ timer: TurnTimer) {
        self = Self.allCases.first { $0.turnTimer == timer } ?? .seconds60
    }

    /// "Off", "60 s": the engine's seconds for the choice.
    var title: String {
        guard let seconds = EngineChoices.seconds(of: turnTimer) else { return String(localized: "timer_off") }
        return String(localized: "timer_seconds \(Int(seconds))")
    }
}

/// The side the human plays against the computer: White places first.
enum HumanSide: String, CaseIterable, Identifiable {
    case white, black

    var id: Self { self }

    /// The side the computer plays.
    var computer: Player { self == .white ? .p2 : .p1 }

    var title: String {
        switch self {
        case .white: String(localized: "settings_side_first")
        case .black: String(localized: "settings_side_second")
        }
    }
}

/// Against the computer, or two people on one device (chosen on Home for each game).
enum PlayMode {
    case vsComputer, passAndPlay
}

/// Light, dark or the system's appearance (`colorScheme` in App/AppTheme+ColorScheme.swift).
enum AppTheme: String, CaseIterable, Identifiable {
    case system, light, dark

    var id: Self { self }

    var title: String {
        switch self {
        case .system: String(localized: "theme_system")
        case .light: String(localized: "theme_light")
        case .dark: String(localized: "theme_dark")
        }
    }
}

/// The look of the board, chosen in Settings (its colours in Board/BoardStyle.swift).
enum BoardStyle: String, CaseIterable, Identifiable {
    case wood, slate, jade

    var id: Self { self }

    var title: String {
        switch self {
        case .wood: String(localized: "board_wood")
        case .slate: String(localized: "board_slate")
        case .jade: String(localized: "board_jade")
        }
    }
}
