// Stub of SwiftUI (tests/swift-linux): shapes, paths, the canvas and visual effects.

// CoreGraphics's, re-exported by SwiftUI on Apple's platforms; Foundation on Linux has only
// CGFloat, CGPoint, CGSize and CGRect.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

public struct StrokeStyle: Equatable, Sendable {
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
        miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {}
}

public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

/// A 2D shape: also a view, drawn filled with the foreground style.
public protocol Shape: Sendable, _PrimitiveView {
    nonisolated func path(in rect: CGRect) -> Path
}

/// A shape that can be inset, for `strokeBorder`.
public protocol InsettableShape: Shape {}

extension Shape {
    nonisolated public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View { _Modified<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func stroke(style: StrokeStyle) -> _StrokedShape<Self> { _StrokedShape() }
    nonisolated public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> { _TrimmedShape() }
}

extension InsettableShape {
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        _Modified<Self>()
    }
}

public struct ForegroundStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

public struct _StrokedShape<S: Shape>: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

public struct _TrimmedShape<S: Shape>: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

public struct Circle: InsettableShape {
    nonisolated public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

public struct Rectangle: InsettableShape {
    nonisolated public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

public struct Capsule: InsettableShape {
    nonisolated public init(style: RoundedCornerStyle = .continuous) {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

public struct RoundedRectangle: InsettableShape {
    nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// A path: a value like any other (the shape conformance is an extension, as in the SDK).
public struct Path: Equatable, Sendable {
    public init() {}
    public init(_ rect: CGRect) {}
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public init(ellipseIn rect: CGRect) {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public mutating func addEllipse(in rect: CGRect) {}
    public mutating func closeSubpath() {}
}

extension Path: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { self }
}

/// What a `Canvas` draws with.
public struct GraphicsContext {
    public struct Shading: Sendable {
        public static func color(_ color: Color) -> Shading { Shading() }
        public static let foreground = Shading()
    }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    public var opacity: Double {
        get { 1 }
        set {}
    }
}

public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

public struct Canvas<Symbols: View>: _PrimitiveView {
    nonisolated public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) where Symbols == EmptyView {}
}

extension View {
    nonisolated public func opacity(_ opacity: Double) -> some View { _Modified<Self>() }
    nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View { _Modified<Self>() }
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { _Modified<Self>() }
    nonisolated public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
        anchorZ: CGFloat = 0, perspective: CGFloat = 1
    ) -> some View { _Modified<Self>() }
    nonisolated public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        _Modified<Self>()
    }
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { _Modified<Self>() }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { _Modified<Self>() }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { _Modified<Self>() }
}
