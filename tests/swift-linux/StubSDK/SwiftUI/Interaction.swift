// Stub of SwiftUI (tests/swift-linux): animation, transitions, gestures, haptics and
// accessibility.

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static let easeInOut = Animation(), easeIn = Animation(), easeOut = Animation(), linear = Animation()
    public static let spring = Animation(), bouncy = Animation(), smooth = Animation()
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation()
    }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
    public func delay(_ delay: TimeInterval) -> Animation { self }
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition(), identity = AnyTransition(), scale = AnyTransition(), slide = AnyTransition()
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition() }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// Keyframe animation (`keyframeAnimator`): the content closure is `@Sendable` in the SDK.
public protocol Keyframes<Value> {
    associatedtype Value
}

public protocol KeyframeTrackContent<Value> {
    associatedtype Value
}

public struct LinearKeyframe<Value>: KeyframeTrackContent {
    public init(_ to: Value, duration: TimeInterval) {}
}

public struct SpringKeyframe<Value>: KeyframeTrackContent {
    public init(_ to: Value, duration: TimeInterval? = nil) {}
}

public struct _KeyframeTrackContentSequence<Value>: KeyframeTrackContent {}

@resultBuilder
public struct KeyframeTrackContentBuilder<Value> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> K where K.Value == Value { keyframe }
    public static func buildBlock<each K: KeyframeTrackContent>(_ keyframes: repeat each K) -> _KeyframeTrackContentSequence<Value> {
        _KeyframeTrackContentSequence()
    }
}

public struct KeyframeTrack<Root, Value, Content: KeyframeTrackContent>: Keyframes where Content.Value == Value {
    public init(@KeyframeTrackContentBuilder<Value> content: () -> Content) where Root == Value {}
}

@resultBuilder
public struct KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> K { keyframes }
    public static func buildBlock<K: Keyframes>(_ keyframes: K) -> K { keyframes }
}

public struct PlaceholderContentView<Value>: _PrimitiveView {}

/// A gesture: the app uses a drag, read when it ends.
@MainActor @preconcurrency
public protocol Gesture<Value> {
    associatedtype Value
}

public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var translation: CGSize { .zero }
        public var location: CGPoint { .zero }
        public var startLocation: CGPoint { .zero }
    }

    nonisolated public init(minimumDistance: CGFloat = 10) {}
}

public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    nonisolated init() {}
}

extension Gesture {
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture() }
}

public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let all = GestureMask(rawValue: 3)
}

public struct SensoryFeedback: Equatable, Sendable {
    public enum Weight: Equatable, Sendable { case light, medium, heavy }
    public static let success = SensoryFeedback(), warning = SensoryFeedback(), error = SensoryFeedback()
    public static let selection = SensoryFeedback(), impact = SensoryFeedback()
    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { SensoryFeedback() }
}

public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4), isStaticText = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16), updatesFrequently = AccessibilityTraits(rawValue: 32)
}

public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior(), contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

extension View {
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { _Modified<Self>() }
    nonisolated public func transition(_ t: AnyTransition) -> some View { _Modified<Self>() }
    nonisolated public func keyframeAnimator<Value, Content: View, K: Keyframes>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) -> some View where K.Value == Value { _Modified<Self>() }
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _Modified<Self>() }
    nonisolated public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        _Modified<Self>()
    }
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _Modified<Self>() }
    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { _Modified<Self>() }
    nonisolated public func sensoryFeedback<T: Equatable>(
        _ feedback: SensoryFeedback, trigger: T, condition: @escaping (_ oldValue: T, _ newValue: T) -> Bool
    ) -> some View { _Modified<Self>() }

    nonisolated public func accessibilityLabel(_ label: Text) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { _Modified<Self>() }
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { _Modified<Self>() }
    nonisolated public func accessibilitySortPriority(_ sortPriority: Double) -> some View { _Modified<Self>() }
    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View { _Modified<Self>() }
}

/// Redraws on a schedule (`TimelineView(.periodic(from:by:))`).
public protocol TimelineSchedule {}

public struct PeriodicTimelineSchedule: TimelineSchedule {
    public init(from startDate: Date, by interval: TimeInterval) {}
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

public struct TimelineViewDefaultContext {
    public var date: Date { Date() }
}

public struct TimelineView<Schedule: TimelineSchedule, Content: View>: _PrimitiveView {
    nonisolated public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
}
