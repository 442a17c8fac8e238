import MillsCore
import SwiftUI

/// One side of an online game: its name ("You" or the friend's), whether the friend is
/// connected, its counters, and its turn clock (both clocks show: the side to move counts
/// down, the other shows its next turn's time).
struct OnlinePlayerPanel: View {
    let model: OnlineGameModel
    let player: Player
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @ScaledMetric(relativeTo: .headline) private var badge: CGFloat = 34

    private var side: SideState { model.side(player) }

    private var isToMove: Bool { model.phase == .playing && model.snapshot.toMove == player }

    private var isOpponent: Bool { player == model.opponent }

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
                    if isOpponent {
                        Circle()
                            .fill(model.status.opponentOnline ? Color.green : Color.secondary)
                            .frame(width: 8, height: 8)
                            .accessibilityHidden(true)
                    }
                }
                if isOpponent, let away = model.opponentAwayText {
                    Text(verbatim: away)
                        .font(.caption)
                        .foregroundStyle(.red)
                        .fixedSize(horizontal: false, vertical: true)
                }
                HStack(spacing: 12) {
                    ForEach(side.panel, id: \.nameKey) { count in
                        VStack(alignment: .leading, spacing: 0) {
                            Text(Int(count.value), format: .number)
                                .font(.subheadline.monospacedDigit().weight(.semibold))
                            Text(LocalizedStringKey(count.nameKey))
                                .font(.caption2)
                                .foregroundStyle(.secondary)
                        }
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

    /// "Bo, Online: 5 in hand, 4 on the board", and the seconds left on a clock.
    private var summary: Text {
        let presence = isOpponent && !model.status.opponentOnline
            ? Text("online_presence_offline") : Text("online_presence_online")
        let counts = Text(
            "online_panel_summary \(model.names.name(player)) \(presence) \(Int(side.inHand)) \(Int(side.onBoard))"
        )
        let away = isOpponent ? model.opponentAwayText : nil
        let withAway = away.map { counts + Text("list_separator") + Text(verbatim: $0) } ?? counts
        guard let clock = model.clock(of: player) else { return withAway }
        let seconds = Int(clock.remaining(at: .now).rounded(.up))
        return withAway + Text("list_separator") + Text("online_clock_left \(seconds)")
    }
}
