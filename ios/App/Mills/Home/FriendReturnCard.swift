import SwiftUI

/// Home's way back to an online game the app was killed during ("Return to your game with
/// Bo"), with Forget beside it. The words come from `FriendPlayModel.savedRoomTitle`.
struct FriendReturnCard: View {
    let title: String
    /// The game is open (kept) and waits for this device's turn.
    let isYourTurn: Bool
    let onReturn: () -> Void
    let onForget: () -> Void

    var body: some View {
        HStack(spacing: 12) {
            Button {
                onReturn()
            } label: {
                HStack(spacing: 12) {
                    Image(systemName: "play.circle.fill")
                        .font(.title)
                        .foregroundStyle(Color.accentColor)
                        .accessibilityHidden(true)
                    VStack(alignment: .leading, spacing: 2) {
                        Text(verbatim: title)
                            .font(.headline)
                            .fixedSize(horizontal: false, vertical: true)
                        if isYourTurn {
                            Text("home_online_your_turn")
                                .font(.subheadline)
                        }
                    }
                    Spacer(minLength: 0)
                }
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityLabel(isYourTurn ? Text(verbatim: title + ", ") + Text("home_online_your_turn") : Text(verbatim: title))
            Button("home_online_forget") { onForget() }
                .accessibilityLabel(Text("home_online_forget_description"))
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(RoundedRectangle(cornerRadius: 16).fill(Color(.secondarySystemBackground)))
    }
}
