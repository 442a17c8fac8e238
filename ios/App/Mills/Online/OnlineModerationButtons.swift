import MillsCore
import SwiftUI

/// Report and Block for the opponent, under an online game and on its result: Report asks
/// for a reason from the engine's closed list, Block asks for a confirmation (the name is
/// hidden at once; the server then seats the two together nowhere again, and the game can
/// still be finished or left). The decisions are the engine's; this only asks and forwards.
struct OnlineModerationButtons: View {
    let model: OnlineGameModel
    @State private var picksReason = false
    @State private var confirmsBlock = false

    /// The report's reasons as the picker lists them (the engine's closed list).
    static var reasons: [ReportReason] { [.offensiveName, .cheatingOrAbuse, .other] }

    /// A reason in words.
    static func words(for reason: ReportReason) -> LocalizedStringKey {
        switch reason {
        case .offensiveName: "online_report_offensive_name"
        case .cheatingOrAbuse: "online_report_cheating"
        case .other: "online_report_other"
        }
    }

    var body: some View {
        if model.canReport {
            HStack(spacing: 8) {
                Button {
                    picksReason = true
                } label: {
                    Label("online_report", systemImage: "exclamationmark.bubble")
                        .frame(maxWidth: .infinity)
                }
                .accessibilityLabel(Text("online_report_description"))
                if !model.opponentBlocked {
                    Button(role: .destructive) {
                        confirmsBlock = true
                    } label: {
                        Label("online_block", systemImage: "hand.raised")
                            .frame(maxWidth: .infinity)
                    }
                    .accessibilityLabel(Text("online_block_description"))
                }
            }
            .buttonStyle(.bordered)
            .controlSize(.regular)
            .confirmationDialog("online_report_title", isPresented: $picksReason, titleVisibility: .visible) {
                ForEach(Self.reasons, id: \.self) { reason in
                    Button(Self.words(for: reason)) { model.report(reason) }
                }
                Button("action_cancel", role: .cancel) {}
            }
            .confirmationDialog("online_block_title", isPresented: $confirmsBlock, titleVisibility: .visible) {
                Button("online_block", role: .destructive) { model.block() }
                Button("action_cancel", role: .cancel) {}
            } message: {
                Text("online_block_text")
            }
        }
    }
}
