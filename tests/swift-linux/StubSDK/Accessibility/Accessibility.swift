// Stub of Apple's Accessibility framework for tests/swift-linux: declarations only.
@_exported import Foundation

/// A notification VoiceOver speaks or acts on; `post()` sends it.
public protocol AccessibilityNotificationProtocol {
    func post()
}

public enum AccessibilityNotification {
    /// A sentence VoiceOver reads out.
    public struct Announcement: AccessibilityNotificationProtocol, Sendable {
        public init(_ announcement: String) {}
        public func post() {}
    }

    /// The layout of the screen changed.
    public struct LayoutChanged: AccessibilityNotificationProtocol, Sendable {
        public init() {}
        public func post() {}
    }
}
