import SwiftUI

/// Undo, redo, a hint, resign and a new game. The engine says what is possible
/// (`canUndo`, ...).
struct GameControls: View {
    let model: GameModel
    @State private var confirmsResign = false
    @State private var confirmsNewGame = false

    var body: some View {
        HStack(spacing: 8) {
            ControlButton("action_undo", systemImage: "arrow.uturn.backward", enabled: model.snapshot.canUndo) {
                model.undo()
            }
            ControlButton("action_redo", systemImage: "arrow.uturn.forward", enabled: model.snapshot.canRedo) {
                model.redo()
            }
            if model.advisor.isHinting {
                ControlButton("action_hint_stop", systemImage: "stop.circle", enabled: true) {
                    model.cancelHint()
                }
            } else {
                ControlButton("action_hint", systemImage: "lightbulb", enabled: model.canAskHint) {
                    model.askHint()
                }
            }
            ControlButton("action_resign", systemImage: "flag", enabled: !model.isOver) {
                confirmsResign = true
            }
            ControlButton("action_new_game", systemImage: "arrow.clockwise", enabled: true) {
                if model.asksBeforeNewGame {
                    confirmsNewGame = true
                } else {
                    model.rematch()
                }
            }
        }
        .labelStyle(.verticalIfRoomy)
        .confirmationDialog("confirm_resign_title", isPresented: $confirmsResign, titleVisibility: .visible) {
            Button("action_resign", role: .destructive) { model.resign() }
            Button("action_cancel", role: .cancel) {}
        } message: {
            Text("confirm_resign_text")
        }
        .confirmationDialog("confirm_new_game_title", isPresented: $confirmsNewGame, titleVisibility: .visible) {
            Button("action_new_game", role: .destructive) { model.rematch() }
            Button("action_cancel", role: .cancel) {}
        } message: {
            Text("confirm_new_game_text")
        }
    }
}

/// Icon above title when Dynamic Type leaves room, icon only at accessibility sizes.
struct VerticalIfRoomyLabelStyle: LabelStyle {
    @Environment(\.dynamicTypeSize) private var typeSize

    @ViewBuilder
    func makeBody(configuration: Configuration) -> some View {
        if typeSize.isAccessibilitySize {
            configuration.icon
        } else {
            VStack(spacing: 2) {
                configuration.icon
                configuration.title
                    .font(.caption2)
                    .lineLimit(1)
                    .minimumScaleFactor(0.7)
            }
        }
    }
}

extension LabelStyle where Self == VerticalIfRoomyLabelStyle {
    static var verticalIfRoomy: VerticalIfRoomyLabelStyle { VerticalIfRoomyLabelStyle() }
}
