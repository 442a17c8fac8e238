// Stub of SwiftUI (tests/swift-linux): navigation, sheets, alerts, dialogs and the toolbar.

public struct NavigationStack<Data, Root: View>: _PrimitiveView {}

extension NavigationStack where Data == NavigationPath {
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

public struct NavigationPath {}

public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Destination == Never {
    nonisolated public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

public struct Visibility: Hashable, Sendable {
    public static let automatic = Visibility(), visible = Visibility(), hidden = Visibility()
}

public struct PresentationDetent: Hashable, Sendable {
    public static let medium = PresentationDetent(), large = PresentationDetent()
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent() }
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent() }
}

extension View {
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { _Modified<Self>() }
    nonisolated public func navigationTitle(_ title: Text) -> some View { _Modified<Self>() }
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _Modified<Self>() }
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        _Modified<Self>()
    }
    nonisolated public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _Modified<Self>()
    }
    nonisolated public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        _Modified<Self>()
    }
    nonisolated public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _Modified<Self>()
    }

    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { _Modified<Self>() }
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { _Modified<Self>() }
    nonisolated public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { _Modified<Self>() }
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { _Modified<Self>() }

    nonisolated public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        _Modified<Self>()
    }
    nonisolated public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { _Modified<Self>() }
    nonisolated public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { _Modified<Self>() }
    nonisolated public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { _Modified<Self>() }
    nonisolated public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { _Modified<Self>() }

    nonisolated public func confirmationDialog<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { _Modified<Self>() }
    nonisolated public func confirmationDialog<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { _Modified<Self>() }
    nonisolated public func confirmationDialog<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { _Modified<Self>() }

    nonisolated public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void
    ) -> some View { _Modified<Self>() }
}

/// Items of the navigation bar.
@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Body { get }
}

public protocol _PrimitiveToolbarContent: ToolbarContent where Body == Never {}

extension _PrimitiveToolbarContent {
    public var body: Never { fatalError("stub") }
}

extension Never: ToolbarContent {}

extension Optional: ToolbarContent where Wrapped: ToolbarContent {
    public var body: Never { fatalError("stub") }
}

public struct TupleToolbarContent<T>: _PrimitiveToolbarContent {
    nonisolated init(_ value: T) {}
}

public struct _ConditionalToolbarContent<TrueContent, FalseContent>: _PrimitiveToolbarContent {
    nonisolated init() {}
}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> TupleToolbarContent<(repeat each Content)> {
        TupleToolbarContent((repeat each content))
    }
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: ToolbarContent, F: ToolbarContent>(first: T) -> _ConditionalToolbarContent<T, F> {
        _ConditionalToolbarContent()
    }
    public static func buildEither<T: ToolbarContent, F: ToolbarContent>(second: F) -> _ConditionalToolbarContent<T, F> {
        _ConditionalToolbarContent()
    }
}

public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement(), principal = ToolbarItemPlacement()
    public static let topBarLeading = ToolbarItemPlacement(), topBarTrailing = ToolbarItemPlacement()
    public static let bottomBar = ToolbarItemPlacement(), confirmationAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement(), primaryAction = ToolbarItemPlacement()
}

public struct ToolbarItem<ID, Content: View>: _PrimitiveToolbarContent {}

extension ToolbarItem where ID == () {
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct ToolbarItemGroup<Content: View>: _PrimitiveToolbarContent {
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

extension View {
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { _Modified<Self>() }
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        _Modified<Self>()
    }
}
