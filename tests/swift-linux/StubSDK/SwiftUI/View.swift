// Stub of Apple's SwiftUI for tests/swift-linux: declarations only, shaped after the iOS 26
// SDK's (names, argument labels, generic constraints, and the concurrency annotations:
// `View` and its kin are `@MainActor @preconcurrency`, modifiers `nonisolated`, closures
// `@Sendable` where Apple's are). Only what the app uses; nothing here runs. What such a stub
// cannot catch is listed in docs/ios.md ("Checks run here").
@_exported import Foundation
@_exported import Observation
@_exported import UIKit
@_exported import UniformTypeIdentifiers

/// A piece of user interface.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// The views SwiftUI draws itself: they have no body of their own.
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    public var body: Never { fatalError("stub") }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

/// What the modifiers of this stub return: a view standing for "this view, changed".
public struct _Modified<Content>: _PrimitiveView {
    nonisolated public init() {}
}

public struct ModifiedContent<Content, Modifier>: _PrimitiveView {
    nonisolated public init(content: Content, modifier: Modifier) {}
}

public struct EmptyView: _PrimitiveView {
    nonisolated public init() {}
}

public struct AnyView: _PrimitiveView {
    nonisolated public init<V: View>(_ view: V) {}
}

public struct TupleView<T>: _PrimitiveView {
    nonisolated public init(_ value: T) {}
}

public struct _ConditionalContent<TrueContent, FalseContent>: _PrimitiveView {
    nonisolated init() {}
}

/// Builds a view from the statements of a closure.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Values that keep their storage across redraws (`@State`, `@AppStorage`, ...).
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A change to a view, as a value.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {
    nonisolated init() {}
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A type that can be dragged, shared or pasted.
public protocol Transferable {}
extension String: Transferable {}
extension URL: Transferable {}
extension Data: Transferable {}

// Apple's Foundation has these; Foundation on Linux does not.
open class NSUserActivity: @unchecked Sendable {
    public init(activityType: String) {}
    open var webpageURL: URL? { nil }
}

public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
