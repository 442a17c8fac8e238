// Stub of SwiftUI (tests/swift-linux): stacks, containers, geometry and layout modifiers.

public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0), center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0), bottomTrailing = UnitPoint(x: 1, y: 1)
}

public struct Angle: Hashable, Sendable {
    public init(degrees: Double) {}
    public init(radians: Double) {}
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment(), center = HorizontalAlignment(), trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment(), center = VerticalAlignment(), bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment(), lastTextBaseline = VerticalAlignment()
}

public struct Alignment: Equatable, Sendable {
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {}
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top), leading = Set(.leading), bottom = Set(.bottom), trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    case horizontal, vertical

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}

public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

public struct HStack<Content: View>: _PrimitiveView {
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct VStack<Content: View>: _PrimitiveView {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct ZStack<Content: View>: _PrimitiveView {
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct LazyVStack<Content: View>: _PrimitiveView {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct Spacer: _PrimitiveView {
    nonisolated public init(minLength: CGFloat? = nil) {}
}

public struct Group<Content> {
    nonisolated public init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View, _PrimitiveView where Content: View {}

public struct ScrollView<Content: View>: _PrimitiveView {
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}

public struct ScrollViewProxy {
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

public struct ScrollViewReader<Content: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
}

public struct ScrollBounceBehavior: Sendable {
    public static let automatic = ScrollBounceBehavior(), always = ScrollBounceBehavior(), basedOnSize = ScrollBounceBehavior()
}

public struct ViewThatFits<Content: View>: _PrimitiveView {
    nonisolated public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
}

public struct GeometryProxy {
    public var size: CGSize { fatalError("stub") }
}

public struct GeometryReader<Content: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data { fatalError("stub") }
}

extension ForEach: View, _PrimitiveView where Content: View {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable {}
    nonisolated public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int {}
}

extension View {
    nonisolated public func padding(_ insets: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _Modified<Self>() }
    nonisolated public func padding(_ length: CGFloat) -> some View { _Modified<Self>() }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _Modified<Self>()
    }
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { _Modified<Self>() }
    nonisolated public func fixedSize() -> some View { _Modified<Self>() }
    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { _Modified<Self>() }
    nonisolated public func position(_ position: CGPoint) -> some View { _Modified<Self>() }
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { _Modified<Self>() }
    nonisolated public func offset(_ offset: CGSize) -> some View { _Modified<Self>() }
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _Modified<Self>() }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { _Modified<Self>() }
    nonisolated public func layoutPriority(_ value: Double) -> some View { _Modified<Self>() }
    nonisolated public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        _Modified<Self>()
    }
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        _Modified<Self>()
    }
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        _Modified<Self>()
    }
    nonisolated public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        _Modified<Self>()
    }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        _Modified<Self>()
    }
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { _Modified<Self>() }
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View {
        _Modified<Self>()
    }
}
