import Foundation
import MillsCore

/// Speaks a sentence to VoiceOver users: `VoiceOver.announce` in the app (silent without
/// VoiceOver), a recorder in tests. The models say what happened; the app decides how.
typealias Announce = @MainActor (String) -> Void

/// Sentences for VoiceOver about what happened on the board: "Computer placed on d6",
/// "White pinned g1", "Mill!".
enum Announcer {
    static func describe(_ motions: [BoardMotion], game: GameId, names: PlayerNames, formedLine: Bool) -> String? {
        var parts = motions.map { sentence(for: $0, names: names) }
        let arrived = motions.contains { motion in
            switch motion {
            case .placed, .stepped: true
            default: false
            }
        }
        if formedLine, arrived {
            parts.append(game == .linkedHorse ? String(localized: "announce_linked_horse") : String(localized: "announce_mill"))
        }
        return parts.isEmpty ? nil : parts.joined(separator: String(localized: "list_separator"))
    }

    private static func sentence(for motion: BoardMotion, names: PlayerNames) -> String {
        switch motion {
        case .placed(let point, let player):
            String(localized: "announce_placed \(names.name(player)) \(point)")
        case .stepped(let from, let to, let player):
            String(localized: "announce_stepped \(names.name(player)) \(from) \(to)")
        case .pinned(let point, let player):
            String(localized: "announce_pinned \(names.name(player)) \(point)")
        case .removed(let point, let player, let pull):
            pull
                ? String(localized: "announce_pulled \(names.name(player)) \(point)")
                : String(localized: "announce_captured \(names.name(player)) \(point)")
        case .stabled(let point, let player):
            String(localized: "announce_stabled \(names.name(player)) \(point)")
        }
    }
}
