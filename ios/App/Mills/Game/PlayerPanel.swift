import MillsCore
import SwiftUI

/// One side: its name and colour, its counters, the turn timer while it is to move, and a
/// spinner while the computer thinks for it.
struct PlayerPanel: View {
    let model: GameModel
    let player: Player
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @ScaledMetric(relativeTo: .headline) private var badge: CGFloat = 34

    private var side: SideState { player == .p1 ? model.snapshot.p1 : model.snapshot.p2 }
    private var isToMove: Bool { model.snapshot.toMove == player && !model.isOver }

    var body: some View {
        HStack(spacing: 12) {
            ZStack {
                PieceView(owner: player, diameter: badge * 0.7, palette: style.palette(for: colorScheme))
                if isToMove, let clock = model.clock, clock.player == player {
                    TimerRing(clock: clock, diameter: badge * 1.25)
                }
            }
            .frame(width: badge * 1.3, height: badge * 1.3)

            VStack(alignment: .leading, spacing: 4) {
                HStack(spacing: 6) {
                    Text(model.names.name(player))
                        .font(.headline)
                    if side.isComputer, model.snapshot.computerThinking, isToMove {
                        ProgressView()
                            .controlSize(.small)
                    }
                }
                HStack(spacing: 12) {
                    counter("count_in_hand", Int(side.inHand))
                    counter("count_on_board", Int(side.onBoard))
                    counter(lastCounterTitle, lastCounterValue)
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

    /// Linked-Horse counts the stable; Zhi Qi the pins; Twelve Men's Morris the captures.
    private var lastCounterTitle: LocalizedStringKey {
        switch model.game {
        case .linkedHorse: "count_stable"
        case .zhiqi: "count_pins"
        case .twelveMensMorris: "count_captured"
        }
    }

    private var lastCounterValue: Int {
        switch model.game {
        case .linkedHorse: Int(side.stable)
        case .zhiqi: Int(side.pins)
        case .twelveMensMorris: Int(side.captured)
        }
    }

    private var summary: Text {
        Text(
            "panel_summary \(Text(model.names.name(player))) \(Int(side.inHand)) \(Int(side.onBoard)) \(Text(lastCounterTitle)) \(lastCounterValue)"
        )
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
