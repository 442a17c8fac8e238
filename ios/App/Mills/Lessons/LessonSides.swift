import MillsCore
import SwiftUI

/// The two sides of a lesson in one row: each side's counters from the engine (in hand, on
/// board, the game's own tally) and, in a lesson about the turn timer, the learner's timer.
struct LessonSides: View {
    let model: LessonModel
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @ScaledMetric(relativeTo: .subheadline) private var badge: CGFloat = 26

    var body: some View {
        HStack(spacing: 12) {
            side(.p1)
            side(.p2)
        }
    }

    private func side(_ player: Player) -> some View {
        let state = player == .p1 ? model.snapshot.p1 : model.snapshot.p2
        let isToMove = model.snapshot.toMove == player && !model.isSolved
        return HStack(spacing: 8) {
            ZStack {
                PieceView(owner: player, diameter: badge * 0.75, palette: style.palette(for: colorScheme))
                    .accessibilityHidden(true)
                if isToMove, let clock = model.clock, clock.player == player {
                    TimerRing(clock: clock, diameter: badge * 1.3)
                }
            }
            .frame(width: badge * 1.35, height: badge * 1.35)
            VStack(alignment: .leading, spacing: 2) {
                name(of: player)
                    .font(.subheadline.bold())
                HStack(spacing: 10) {
                    // the engine's panel, as on the game screen
                    ForEach(state.panel, id: \.nameKey) { count in
                        VStack(alignment: .leading, spacing: 0) {
                            Text(Int(count.value), format: .number)
                                .font(.caption.monospacedDigit().weight(.semibold))
                            Text(LocalizedStringKey(count.nameKey))
                                .font(.caption2)
                                .foregroundStyle(.secondary)
                        }
                    }
                }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(summary(of: player, state))
            Spacer(minLength: 0)
        }
        .padding(6)
        .frame(maxWidth: .infinity)
        .background(
            RoundedRectangle(cornerRadius: 10)
                .fill(isToMove ? Color.accentColor.opacity(0.14) : Color.secondary.opacity(0.08))
        )
        .accessibilityAddTraits(isToMove ? .isSelected : [])
    }

    /// "White (you)" for the learner's side, "Black" for the other.
    private func name(of player: Player) -> Text {
        let name = Text(model.names.name(player))
        return player == model.lesson.learner ? Text("lesson_side_you \(name)") : name
    }

    private func summary(of player: Player, _ state: SideState) -> Text {
        let tally = state.panel.last
        return Text(
            "panel_summary \(name(of: player)) \(Int(state.inHand)) \(Int(state.onBoard)) \(Text(LocalizedStringKey(tally?.nameKey ?? ""))) \(Int(tally?.value ?? 0))"
        )
    }
}
