// Stub of SwiftUI (tests/swift-linux): the app, its scenes and the views' life cycle.

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: Scene {}

public protocol _PrimitiveScene: Scene where Body == Never {}

extension _PrimitiveScene {
    public var body: Never { fatalError("stub") }
}

public struct _ModifiedScene<Content>: _PrimitiveScene {
    nonisolated init() {}
}

@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: _PrimitiveScene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension Scene {
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some Scene { _ModifiedScene<Self>() }
}

extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _Modified<Self>() }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _Modified<Self>() }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { _Modified<Self>() }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        _Modified<Self>()
    }
    /// The task inherits the view's actor (Apple's `@_inheritActorContext`).
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { _Modified<Self>() }
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { _Modified<Self>() }
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { _Modified<Self>() }
    nonisolated public func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> Void) -> some View {
        _Modified<Self>()
    }
}
