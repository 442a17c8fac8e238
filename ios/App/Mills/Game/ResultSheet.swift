import MillsCore
import SwiftUI

/// The end of a game: who won and why, with a rematch and a review of the game.
struct ResultSheet: View {
    let model: GameModel
    let result: Outcome
    let onHome: () -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Image(systemName: result.winner == nil ? "equal.circle" : "trophy")
                    .font(.system(size: 44))
                    .foregroundStyle(Color.accentColor)
                    .accessibilityHidden(true)
                Text(verbatim: model.names.headline(for: result))
                    .font(.title.bold())
                    .multilineTextAlignment(.center)
                    .accessibilityAddTraits(.isHeader)
                Text(verbatim: model.names.explanation(for: result))
                    .font(.body)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                Text("result_turns \(Int(model.snapshot.turns))")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                if model.advisor.hintsUsed > 0 {
                    Text("hints_used \(model.advisor.hintsUsed)")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
                VStack(spacing: 10) {
                    Button {
                        model.rematch()
                    } label: {
                        Text("action_rematch").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    Button {
                        model.openReview(atEnd: true)
                    } label: {
                        Text("action_review").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                    Button {
                        dismiss()
                    } label: {
                        Text("action_view_board").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                    Button("action_home") {
                        dismiss()
                        onHome()
                    }
                }
                .controlSize(.large)
            }
            .padding(24)
        }
        .presentationDetents([.medium, .large])
    }
}
