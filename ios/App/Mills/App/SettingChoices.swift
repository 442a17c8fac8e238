import MillsCore
import SwiftUI

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

    var title: Text {
        guard let seconds = EngineChoices.seconds(of: turnTimer) else { return Text("timer_off") }
        return Text("timer_seconds \(Int(seconds))")
    }
}

/// The side the human plays against the computer: White places first.
enum HumanSide: String, CaseIterable, Identifiable {
    case white, black

    var id: Self { self }

    /// The side the computer plays.
    var computer: Player { self == .white ? .p2 : .p1 }

    var title: LocalizedStringKey {
        switch self {
        case .white: "settings_side_first"
        case .black: "settings_side_second"
        }
    }
}

/// Against the computer, or two people on one device (chosen on Home for each game).
enum PlayMode {
    case vsComputer, passAndPlay
}

/// Light, dark or the system's appearance.
enum AppTheme: String, CaseIterable, Identifiable {
    case system, light, dark

    var id: Self { self }

    var colorScheme: ColorScheme? {
        switch self {
        case .system: nil
        case .light: .light
        case .dark: .dark
        }
    }

    var title: LocalizedStringKey {
        switch self {
        case .system: "theme_system"
        case .light: "theme_light"
        case .dark: "theme_dark"
        }
    }
}
