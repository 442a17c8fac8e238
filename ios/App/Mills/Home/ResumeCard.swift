import SwiftUI

/// The unfinished game, to continue where it was left.
struct ResumeCard: View {
    let model: GameModel
    let onContinue: () -> Void

    var body: some View {
        Button {
            onContinue()
        } label: {
            HStack(spacing: 12) {
                Image(systemName: "play.circle.fill")
                    .font(.largeTitle)
                    .foregroundStyle(Color.accentColor)
                    .accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 2) {
                    Text("home_continue")
                        .font(.headline)
                    Text("home_continue_detail \(gameName) \(Int(model.snapshot.turns) + 1)")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer(minLength: 0)
            }
            .padding()
            .background(RoundedRectangle(cornerRadius: 16).strokeBorder(Color.accentColor, lineWidth: 2))
        }
        .buttonStyle(.plain)
    }

    private var gameName: String {
        GameCatalog.name(of: model.game)
    }
}
