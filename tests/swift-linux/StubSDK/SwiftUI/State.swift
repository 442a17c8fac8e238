// Stub of SwiftUI (tests/swift-linux): state, bindings, storage and the environment.

/// A reference to a value someone else owns.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { self }

    public init(projectedValue: Binding<Value>) {}

    /// Apple declares this initializer `@preconcurrency` with `@isolated(any) @Sendable`
    /// closures: a closure that reads main-actor state is a warning in the Swift 5 mode and an
    /// error in Swift 6 unless it is itself `@MainActor`.
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {}

    public static func constant(_ value: Value) -> Binding<Value> { fatalError("stub") }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stub")
    }
}

extension Binding: Sendable where Value: Sendable {}

/// A value a view owns.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { fatalError("stub") }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

/// Bindings to the properties of an `@Observable` object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }

    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        fatalError("stub")
    }
}

/// A value kept in `UserDefaults`.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { fatalError("stub") }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {}
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {}
}

/// A size that follows Dynamic Type.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value) {}
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {}
    public var wrappedValue: Value { fatalError("stub") }
}

/// A value read from the view's environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}
    public var wrappedValue: Value { fatalError("stub") }
}

public struct EnvironmentValues {
    public init() {}
    public var colorScheme: ColorScheme { fatalError("stub") }
    public var scenePhase: ScenePhase { fatalError("stub") }
    public var horizontalSizeClass: UserInterfaceSizeClass? { fatalError("stub") }
    public var verticalSizeClass: UserInterfaceSizeClass? { fatalError("stub") }
    public var dynamicTypeSize: DynamicTypeSize { fatalError("stub") }
    public var accessibilityReduceMotion: Bool { fatalError("stub") }
    public var accessibilityVoiceOverEnabled: Bool { fatalError("stub") }
    public var dismiss: DismissAction { fatalError("stub") }
    public var locale: Locale { fatalError("stub") }
}

/// Closes the sheet or screen it is read in.
@MainActor @preconcurrency
public struct DismissAction {
    public func callAsFunction() {}
}

public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact, regular
}

public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

extension View {
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { _Modified<Self>() }
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _Modified<Self>()
    }
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { _Modified<Self>() }
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { _Modified<Self>() }
}

/// Which control has the keyboard's focus (`@FocusState private var focused: Bool`).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    public init() where Value == Bool {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }

    public var projectedValue: Binding { Binding() }

    /// `$focused`, given to `.focused(_:)`.
    public struct Binding {}
}

extension View {
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { _Modified<Self>() }
}
