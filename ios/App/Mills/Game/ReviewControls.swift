import SwiftUI

/// The controls while reviewing, in place of the game's: a turn back, a turn forward,
/// "Play from here" (asked first: it takes the later turns back) and back to the game.
struct ReviewControls: View {
    let model: GameModel
    @State private var confirmsPlayFromHere = false

    var body: some View {
        let review = model.review
        HStack(spacing: 8) {
            ControlButton("review_previous", systemImage: "chevron.backward", enabled: review.canStepBack) {
                model.stepReview(by: -1)
            }
            .accessibilityLabel(Text("review_previous_description"))
            ControlButton("review_next", systemImage: "chevron.forward", enabled: review.canStepForward) {
                model.stepReview(by: 1)
            }
            .accessibilityLabel(Text("review_next_description"))
            ControlButton("review_play_from_here", systemImage: "play", enabled: review.canPlayFromHere) {
                confirmsPlayFromHere = true
            }
            ControlButton("review_exit", systemImage: "xmark", enabled: true) {
                model.closeReview()
            }
        }
        .labelStyle(.verticalIfRoomy)
        .confirmationDialog("confirm_play_from_here_title", isPresented: $confirmsPlayFromHere, titleVisibility: .visible) {
            Button("review_play_from_here", role: .destructive) { model.playFromReview() }
            Button("action_cancel", role: .cancel) {}
        } message: {
            Text("confirm_play_from_here_text")
        }
    }
}
