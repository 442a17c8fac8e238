// Stub of Apple's UniformTypeIdentifiers for tests/swift-linux: declarations only.
@_exported import Foundation

public struct UTType: Hashable, Sendable {
    public let identifier: String
    public init?(_ identifier: String) { self.identifier = identifier }
    private init(known identifier: String) { self.identifier = identifier }
    public static let plainText = UTType(known: "public.plain-text")
    public static let text = UTType(known: "public.text")
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    public static let json = UTType(known: "public.json")
}
