import SwiftUI

/// The names of the computer's ten levels (the engine names them in English only; the apps
/// localize them by number).
enum LevelName {
    static let all = Array(1...10)

    static func title(_ level: Int) -> LocalizedStringKey {
        switch level {
        case 1: "level_1"
        case 2: "level_2"
        case 3: "level_3"
        case 4: "level_4"
        case 5: "level_5"
        case 6: "level_6"
        case 7: "level_7"
        case 8: "level_8"
        case 9: "level_9"
        default: "level_10"
        }
    }
}
