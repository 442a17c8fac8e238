import Accessibility
import SwiftUI
import UIKit

/// Posts the models' sentences as VoiceOver announcements; silent without VoiceOver.
enum VoiceOver {
    /// On the main actor: `UIAccessibility.isVoiceOverRunning` is main-actor state (Swift 6).
    @MainActor
    static func announce(_ sentence: String) {
        guard UIAccessibility.isVoiceOverRunning else { return }
        AccessibilityNotification.Announcement(sentence).post()
    }
}
