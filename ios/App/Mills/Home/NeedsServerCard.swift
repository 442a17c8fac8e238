import SwiftUI

/// Under "Play a friend" when no server is set or built in: what is missing, and the way to
/// Settings' server field (`HomeRoute.serverSetting`), so that the card never leads nowhere.
struct NeedsServerCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("home_needs_server")
                .font(.subheadline)
                .fixedSize(horizontal: false, vertical: true)
            NavigationLink(value: HomeRoute.serverSetting) {
                Text("home_set_server")
            }
            .buttonStyle(.bordered)
            .accessibilityLabel(Text("home_set_server_description"))
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(RoundedRectangle(cornerRadius: 16).fill(Color(.secondarySystemBackground)))
    }
}
