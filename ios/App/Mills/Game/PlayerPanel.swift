import MillsCore
import SwiftUI

/// One side: its name and colour, its counters, the turn timer while it is to move, and a
/// spinner while the computer thinks for it. Under review: its counters at the turn shown.
struct PlayerPanel: View {
    let model: GameModel
    let player: Player
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @ScaledMetric(relativeTo: .headline) private var badge: CGFloat = 34

    private var side: SideState { model.side(player) }

    private var isToMove: Bool { model.isToMove(player) }

    var body: some View {
        HStack(spacing: 12) {
            ZStack {
                PieceView(owner: player, diameter: badge * 0.7, palette: style.palette(for: colorScheme))
                if let clock = model.clock(of: player) {
                    TimerRing(clock: clock, diameter: badge * 1.25)
                }
            }
            .frame(width: badge * 1.3, height: badge * 1.3)

            VStack(alignment: .leading, spacing: 4) {
                HStack(spacing: 6) {
                    Text(verbatim: model.names.name(player))
                        .font(.headline)
                    if model.isThinking(player) {
                        ProgressView()
                            .controlSize(.small)
                    }
                }
                HStack(spacing: 12) {
                    // The engine's panel, the same as Android's: in hand, on board, then the
                    // game's own tally (Zhi Qi pins, the Linked-Horse stable, captures).
                    ForEach(side.panel, id: \.nameKey) { count in
                        counter(LocalizedStringKey(count.nameKey), Int(count.value))
                    }
                }
            }
            Spacer(minLength: 0)
        }
        .padding(10)
        .background(
            RoundedRectangle(cornerRadius: 14)
                .fill(isToMove ? Color.accentColor.opacity(0.14) : Color.secondary.opacity(0.08))
        )
        .overlay(
            RoundedRectangle(cornerRadius: 14)
                .strokeBorder(isToMove ? Color.accentColor : Color.clear, lineWidth: 2)
        )
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(summary)
        .accessibilityAddTraits(isToMove ? .isSelected : [])
    }

    /// The game's own tally: the last counter of the engine's panel.
    private var tally: PanelCount? { side.panel.last }

    /// "White: 5 in hand, 4 on board, pins 1", and the time left while its timer shows.
    private var summary: Text {
        let counts = Text(
            "panel_summary \(Text(model.names.name(player))) \(Int(side.inHand)) \(Int(side.onBoard)) \(Text(LocalizedStringKey(tally?.nameKey ?? ""))) \(Int(tally?.value ?? 0))"
        )
        guard let clock = model.clock(of: player) else { return counts }
        return counts + Text("list_separator") + clock.spokenTimeLeft(at: .now)
    }

    private func counter(_ title: LocalizedStringKey, _ value: Int) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(value, format: .number)
                .font(.subheadline.monospacedDigit().weight(.semibold))
            Text(title)
                .font(.caption2)
                .foregroundStyle(.secondary)
        }
    }
}
