// Stub of Apple's UIKit for tests/swift-linux: declarations only, shaped after the iOS 26
// SDK's (names, argument labels, isolation), so that the app's views type-check on Linux.
// Only what the app uses; nothing here runs.
@_exported import Foundation

/// A colour of the system's palette (the app uses only the semantic ones).
open class UIColor: @unchecked Sendable {
    public init() {}
    open class var systemBackground: UIColor { UIColor() }
    open class var secondarySystemBackground: UIColor { UIColor() }
    open class var tertiarySystemBackground: UIColor { UIColor() }
    open class var label: UIColor { UIColor() }
    open class var secondaryLabel: UIColor { UIColor() }
}

/// The system clipboard. Not main-actor in the SDK.
open class UIPasteboard: @unchecked Sendable {
    public init() {}
    open class var general: UIPasteboard { UIPasteboard() }
    open var string: String? {
        get { nil }
        set {}
    }
}

/// UIKit's accessibility state: main-actor in the Swift 6 SDK.
public enum UIAccessibility {
    @MainActor public static var isVoiceOverRunning: Bool { false }
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad
}

public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nickname = UITextContentType(rawValue: "nickname")
    public static let name = UITextContentType(rawValue: "name")
    public static let URL = UITextContentType(rawValue: "URL")
}
