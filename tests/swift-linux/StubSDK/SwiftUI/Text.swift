// Stub of SwiftUI (tests/swift-linux): text, localized keys, fonts, colours and images.

/// A key into the String Catalog; interpolations take what Apple's do (strings, `Text`,
/// integers and floating-point numbers, formatted values), nothing else.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}

    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ string: String) {}
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {}
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {}
        public mutating func appendInterpolation(_ text: Text) {}
        public mutating func appendInterpolation(_ image: Image) {}
        public mutating func appendInterpolation(_ attributedString: AttributedString) {}
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String {}
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter? = nil) {}
    }
}

/// The numbers a localized key can take as a `%lld`, `%f`, ... argument.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

/// Read-only text.
public struct Text: Equatable, Sendable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    public init(verbatim content: String) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {}
    public init(_ attributedContent: AttributedString) {}
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {}

    public static func + (lhs: Text, rhs: Text) -> Text { lhs }

    public func font(_ font: Font?) -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func bold() -> Text { self }
    public func bold(_ isActive: Bool) -> Text { self }
    public func italic() -> Text { self }
    public func monospacedDigit() -> Text { self }
    public func monospaced(_ isActive: Bool = true) -> Text { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public func speechSpellsOutCharacters(_ value: Bool = true) -> Text { self }
    public func accessibilityLabel(_ label: Text) -> Text { self }
}

extension Text: _PrimitiveView {}

public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}

public struct TextSelectability: Sendable {
    public static let enabled = TextSelectability()
    public static let disabled = TextSelectability()
}

/// A font: the Dynamic Type styles, and the system font at a size.
public struct Font: Hashable, Sendable {
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight()
        public static let medium = Weight(), semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    public static let largeTitle = Font(), title = Font(), title2 = Font(), title3 = Font()
    public static let headline = Font(), subheadline = Font(), body = Font(), callout = Font()
    public static let footnote = Font(), caption = Font(), caption2 = Font()

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font() }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font() }

    public func weight(_ weight: Weight) -> Font { self }
    public func bold() -> Font { self }
    public func italic() -> Font { self }
    public func monospaced() -> Font { self }
    public func monospacedDigit() -> Font { self }
}

/// Something a shape or text can be filled with.
public protocol ShapeStyle: Sendable {}

public struct HierarchicalShapeStyle: ShapeStyle {
    init() {}
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

public struct Color: Hashable, Sendable, ShapeStyle {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(white: Double, opacity: Double = 1) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(uiColor: UIColor) {}
    public init(_ color: UIColor) {}

    public static let black = Color(white: 0), white = Color(white: 1), gray = Color(white: 0.5)
    public static let red = Color(white: 0), orange = Color(white: 0), yellow = Color(white: 0)
    public static let green = Color(white: 0), mint = Color(white: 0), teal = Color(white: 0)
    public static let blue = Color(white: 0), indigo = Color(white: 0), purple = Color(white: 0)
    public static let clear = Color(white: 0), primary = Color(white: 0), secondary = Color(white: 0)
    public static let accentColor = Color(white: 0)

    public func opacity(_ opacity: Double) -> Color { self }
}

extension Color: _PrimitiveView {}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color(white: 0) }
    public static var white: Color { Color(white: 0) }
    public static var gray: Color { Color(white: 0) }
    public static var red: Color { Color(white: 0) }
    public static var orange: Color { Color(white: 0) }
    public static var yellow: Color { Color(white: 0) }
    public static var green: Color { Color(white: 0) }
    public static var blue: Color { Color(white: 0) }
    public static var clear: Color { Color(white: 0) }
    public static var accentColor: Color { Color(white: 0) }
}

public struct RadialGradient: ShapeStyle {
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
}

extension RadialGradient: _PrimitiveView {}

public struct LinearGradient: ShapeStyle {
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

extension LinearGradient: _PrimitiveView {}

/// An image: the app draws SF Symbols only.
public struct Image: Equatable, Sendable {
    public init(systemName: String) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
    public func resizable() -> Image { self }
    public enum Scale: Hashable, Sendable { case small, medium, large }
}

extension Image: _PrimitiveView {}

extension View {
    nonisolated public func font(_ font: Font?) -> some View { _Modified<Self>() }
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View { _Modified<Self>() }
    nonisolated public func bold(_ isActive: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func monospacedDigit() -> some View { _Modified<Self>() }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _Modified<Self>() }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { _Modified<Self>() }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { _Modified<Self>() }
    nonisolated public func lineLimit(_ number: Int?) -> some View { _Modified<Self>() }
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { _Modified<Self>() }
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { _Modified<Self>() }
    nonisolated public func textSelection(_ selectability: TextSelectability) -> some View { _Modified<Self>() }
    nonisolated public func speechSpellsOutCharacters(_ value: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func imageScale(_ scale: Image.Scale) -> some View { _Modified<Self>() }
}
