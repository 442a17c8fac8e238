import Accessibility
import MillsCore
import SwiftUI
import UIKit

/// Sentences for VoiceOver about what happened on the board: "Computer placed on d6",
/// "White pinned g1", "Mill!". Posted as announcements; silent without VoiceOver.
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

    /// On the main actor: `UIAccessibility.isVoiceOverRunning` is main-actor state (Swift 6).
    @MainActor
    static func post(_ sentence: String?) {
        guard let sentence, UIAccessibility.isVoiceOverRunning else { return }
        AccessibilityNotification.Announcement(sentence).post()
    }

    private static func sentence(for motion: BoardMotion, names: PlayerNames) -> String {
        switch motion {
        case .placed(let point, let player):
            String(localized: "announce_placed \(names.spoken(player)) \(point)")
        case .stepped(let from, let to, let player):
            String(localized: "announce_stepped \(names.spoken(player)) \(from) \(to)")
        case .pinned(let point, let player):
            String(localized: "announce_pinned \(names.spoken(player)) \(point)")
        case .removed(let point, let player, let pull):
            pull
                ? String(localized: "announce_pulled \(names.spoken(player)) \(point)")
                : String(localized: "announce_captured \(names.spoken(player)) \(point)")
        case .stabled(let point, let player):
            String(localized: "announce_stabled \(names.spoken(player)) \(point)")
        }
    }
}
