// Stub of SwiftUI (tests/swift-linux): buttons, labels, pickers, fields, lists and forms.

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole(), cancel = ButtonRole()
}

public struct Button<Label: View>: _PrimitiveView {
    /// Apple's actions are `@MainActor` closures, the initializers `@preconcurrency nonisolated`.
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    @preconcurrency nonisolated public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload
    @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload
    @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
}

/// The system's Paste button: the pasted values arrive on a `@Sendable` closure.
public struct PasteButton: _PrimitiveView {
    nonisolated public init<T: Transferable>(payloadType: T.Type, onPaste: @escaping @Sendable ([T]) -> Void) {}
}

public struct ShareLink<Label: View>: _PrimitiveView {
    nonisolated public init<I: Transferable>(item: I, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {}
}

extension ShareLink where Label == DefaultShareLinkLabel {
    nonisolated public init<I: Transferable>(item: I, subject: Text? = nil, message: Text? = nil) {}
}

public struct DefaultShareLinkLabel: _PrimitiveView {}

/// Opens `destination` with the system (Safari, or the app that claims it).
public struct Link<Label: View>: _PrimitiveView {
    nonisolated public init(destination: URL, @ViewBuilder label: () -> Label) {}
}

extension Link where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, destination: URL) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, destination: URL) {}
}

public struct Label<Title: View, Icon: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

/// How a `Label` is drawn.
@MainActor @preconcurrency
public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Configuration) -> Body
}

public struct LabelStyleConfiguration {
    public struct Title: _PrimitiveView { nonisolated init() {} }
    public struct Icon: _PrimitiveView { nonisolated init() {} }
    public var title: Title { Title() }
    public var icon: Icon { Icon() }
}

public struct IconOnlyLabelStyle: LabelStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

public struct TitleOnlyLabelStyle: LabelStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

public struct TitleAndIconLabelStyle: LabelStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

/// The styles a button can take (`.plain`, `.bordered`, `.borderedProminent`).
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}

public struct PlainButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {
    nonisolated public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

extension Picker where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

@MainActor @preconcurrency
public protocol PickerStyle {}

public struct SegmentedPickerStyle: PickerStyle { nonisolated public init() {} }
public struct InlinePickerStyle: PickerStyle { nonisolated public init() {} }
public struct MenuPickerStyle: PickerStyle { nonisolated public init() {} }
public struct WheelPickerStyle: PickerStyle { nonisolated public init() {} }

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

public struct Toggle<Label: View>: _PrimitiveView {
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View>: _PrimitiveView {}

extension TextField where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {}
}

public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}

public struct SubmitLabel: Sendable {
    public static let done = SubmitLabel(), go = SubmitLabel(), send = SubmitLabel(), join = SubmitLabel()
    public static let route = SubmitLabel(), search = SubmitLabel(), `return` = SubmitLabel(), next = SubmitLabel()
    public static let `continue` = SubmitLabel()
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1), search = SubmitTriggers(rawValue: 2)
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    nonisolated public init() {}
    nonisolated public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

extension ProgressView where CurrentValueLabel == EmptyView {
    nonisolated public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {}
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: _PrimitiveView {
    nonisolated public init(
        @ViewBuilder label: () -> Label,
        @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {}
}

public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {}

extension List where SelectionValue == Never {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public struct Form<Content: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent, Content, Footer> {}

extension Section: View, _PrimitiveView where Parent: View, Content: View, Footer: View {
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {}
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

public struct LabeledContent<Label: View, Content: View>: _PrimitiveView {
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

extension LabeledContent where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

extension LabeledContent where Label == Text, Content == Text {
    nonisolated public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {}
}

extension View {
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _Modified<Self>() }
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View { _Modified<Self>() }
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { _Modified<Self>() }
    nonisolated public func labelsHidden() -> some View { _Modified<Self>() }
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { _Modified<Self>() }
    nonisolated public func disabled(_ disabled: Bool) -> some View { _Modified<Self>() }
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        _Modified<Self>()
    }
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { _Modified<Self>() }
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { _Modified<Self>() }
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View { _Modified<Self>() }
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { _Modified<Self>() }
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        _Modified<Self>()
    }
}
