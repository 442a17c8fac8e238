import SwiftUI

/// A bordered button of the game's control rows (the game's and the review's), sharing the
/// row's width with its neighbours.
struct ControlButton: View {
    private let title: LocalizedStringKey
    private let systemImage: String
    private let enabled: Bool
    private let action: () -> Void

    init(
        _ title: LocalizedStringKey,
        systemImage: String,
        enabled: Bool,
        action: @escaping () -> Void
    ) {
        self.title = title
        self.systemImage = systemImage
        self.enabled = enabled
        self.action = action
    }

    var body: some View {
        // a closure of its own: Button's action is a @MainActor (so Sendable) function, which
        // the stored closure is not
        Button {
            action()
        } label: {
            Label(title, systemImage: systemImage)
                .frame(maxWidth: .infinity)
        }
        .buttonStyle(.bordered)
        .disabled(!enabled)
    }
}
