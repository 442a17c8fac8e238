import MillsCore
import SwiftUI

/// The game's turns as the engine writes them (`9. White a7xg1`, passes and resignations
/// included), one row per turn because the sides do not always alternate. The current
/// turn (or the turn under review) is highlighted and kept in view; tapping a turn shows
/// the board after it.
struct MoveList: View {
    let model: GameModel

    var body: some View {
        let review = model.review
        ScrollViewReader { proxy in
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 2) {
                    if review.turns.isEmpty, !showsNextRow {
                        Text("moves_empty")
                            .font(.callout)
                            .foregroundStyle(.secondary)
                            .padding(8)
                    }
                    ForEach(review.turns, id: \.index) { turn in
                        MoveRow(
                            turn: turn,
                            names: model.names,
                            isHighlighted: review.highlightedTurn == Int(turn.index),
                            isReviewing: review.isReviewing
                        ) {
                            model.reviewTurn(at: Int(turn.index))
                        }
                        .id(Int(turn.index))
                    }
                    if showsNextRow {
                        NextMoveRow(
                            number: review.currentTurn + 1,
                            player: model.snapshot.toMove,
                            names: model.names,
                            isHighlighted: review.highlightedTurn == review.currentTurn
                        )
                        .id(review.currentTurn)
                    }
                }
                .padding(4)
            }
            .onAppear { scroll(proxy, animated: false) }
            .onChange(of: review.highlightedTurn) { _, _ in scroll(proxy, animated: true) }
            .onChange(of: review.turns.count) { _, _ in scroll(proxy, animated: true) }
        }
    }

    private var showsNextRow: Bool { model.showsNextTurnRow }

    private func scroll(_ proxy: ScrollViewProxy, animated: Bool) {
        guard let target = model.review.highlightedTurn ?? model.review.turns.first.map({ Int($0.index) }) else { return }
        if animated {
            withAnimation { proxy.scrollTo(target, anchor: .center) }
        } else {
            proxy.scrollTo(target, anchor: .center)
        }
    }
}

/// One turn: its number, the side's piece and name, and the engine's notation.
private struct MoveRow: View {
    let turn: TurnEntry
    let names: PlayerNames
    let isHighlighted: Bool
    let isReviewing: Bool
    let onTap: () -> Void

    var body: some View {
        Button {
            onTap()
        } label: {
            HStack(spacing: 8) {
                Text(Int(turn.index) + 1, format: .number)
                    .font(.footnote.monospacedDigit())
                    .foregroundStyle(.secondary)
                    .frame(minWidth: 26, alignment: .trailing)
                SideDot(player: turn.player)
                Text(verbatim: names.name(turn.player))
                    .font(.footnote)
                    .lineLimit(1)
                Spacer(minLength: 4)
                notation
                    .font(.callout.monospaced())
                    .lineLimit(1)
                    .minimumScaleFactor(0.7)
                endMark
            }
            .padding(.horizontal, 8)
            .padding(.vertical, 5)
            .frame(maxWidth: .infinity, minHeight: 36)
            .background(
                RoundedRectangle(cornerRadius: 8)
                    .fill(isHighlighted ? Color.accentColor.opacity(0.2) : Color.clear)
            )
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: label))
        .accessibilityAddTraits(isHighlighted ? .isSelected : [])
    }

    /// A resignation is a word, not notation; every other turn is the engine's token.
    private var notation: Text {
        turn.end == .resignation ? Text("moves_resigned") : Text(verbatim: turn.notation)
    }

    @ViewBuilder private var endMark: some View {
        switch turn.end {
        case .timerPass:
            Image(systemName: "timer").foregroundStyle(.orange)
        case .inProgress:
            Image(systemName: "ellipsis").foregroundStyle(.secondary)
        case .resignation:
            Image(systemName: "flag").foregroundStyle(.secondary)
        case .complete:
            EmptyView()
        }
    }

    private var label: String {
        MoveListText.label(of: turn, names: names, isHighlighted: isHighlighted, isReviewing: isReviewing)
    }
}

/// The turn being played that has no action yet: its number and the side to move.
private struct NextMoveRow: View {
    let number: Int
    let player: Player
    let names: PlayerNames
    let isHighlighted: Bool

    var body: some View {
        HStack(spacing: 8) {
            Text(number, format: .number)
                .font(.footnote.monospacedDigit())
                .foregroundStyle(.secondary)
                .frame(minWidth: 26, alignment: .trailing)
            SideDot(player: player)
            Text(verbatim: names.name(player))
                .font(.footnote)
            Spacer(minLength: 4)
            Text("moves_to_play")
                .font(.callout)
                .foregroundStyle(.secondary)
        }
        .padding(.horizontal, 8)
        .padding(.vertical, 5)
        .frame(maxWidth: .infinity, minHeight: 36)
        .background(
            RoundedRectangle(cornerRadius: 8)
                .fill(isHighlighted ? Color.accentColor.opacity(0.2) : Color.clear)
        )
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: label))
    }

    private var label: String {
        MoveListText.nextLabel(number: number, player: player, names: names, isHighlighted: isHighlighted)
    }
}

/// A small piece in the side's colour.
private struct SideDot: View {
    let player: Player
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        PieceView(owner: player, diameter: 12, palette: style.palette(for: colorScheme))
            .accessibilityHidden(true)
    }
}

/// The header of the move list: its title, the hints used, and a turn back and forward.
struct MoveListHeader: View {
    let model: GameModel

    var body: some View {
        HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 0) {
                Text("moves_title")
                    .font(.headline)
                if model.advisor.hintsUsed > 0 {
                    Text("hints_used \(model.advisor.hintsUsed)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isHeader)
            Spacer(minLength: 0)
            TurnStepButtons(model: model)
        }
    }
}

/// A turn back and a turn forward: back from the live game opens the review.
struct TurnStepButtons: View {
    let model: GameModel

    var body: some View {
        HStack(spacing: 4) {
            step("review_previous_description", systemImage: "chevron.backward", by: -1, enabled: model.review.canStepBack)
            step("review_next_description", systemImage: "chevron.forward", by: 1, enabled: model.review.canStepForward)
        }
    }

    private func step(_ title: LocalizedStringKey, systemImage: String, by delta: Int, enabled: Bool) -> some View {
        Button {
            model.stepReview(by: delta)
        } label: {
            Label(title, systemImage: systemImage)
                .labelStyle(.iconOnly)
                .frame(minWidth: 44, minHeight: 44)
        }
        .disabled(!enabled)
        .accessibilityLabel(Text(title))
    }
}

/// iPhone: the move list folds under the game, its last turn shown when folded.
struct MoveListPanel: View {
    let model: GameModel
    @Binding var expanded: Bool

    var body: some View {
        VStack(spacing: 4) {
            HStack(spacing: 8) {
                Button {
                    withAnimation { expanded.toggle() }
                } label: {
                    HStack(spacing: 6) {
                        Image(systemName: "chevron.right")
                            .rotationEffect(.degrees(expanded ? 90 : 0))
                            .accessibilityHidden(true)
                        Text("moves_title")
                            .font(.headline)
                        if let last = model.review.turns.last, !expanded {
                            (last.end == .resignation ? Text("moves_resigned") : Text(verbatim: last.notation))
                                .font(.callout.monospaced())
                                .foregroundStyle(.secondary)
                                .lineLimit(1)
                        }
                        if model.advisor.hintsUsed > 0 {
                            Text("hints_used \(model.advisor.hintsUsed)")
                                .font(.caption)
                                .foregroundStyle(.secondary)
                                .lineLimit(1)
                        }
                    }
                    .frame(maxWidth: .infinity, minHeight: 44, alignment: .leading)
                    .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityLabel(expanded ? Text("action_hide_moves") : Text("action_show_moves \(model.review.turns.count)"))
                TurnStepButtons(model: model)
            }
            if expanded {
                MoveList(model: model)
                    .frame(height: 150)
                    .background(RoundedRectangle(cornerRadius: 10).fill(Color.secondary.opacity(0.08)))
                    .transition(.opacity.combined(with: .move(edge: .top)))
            }
        }
    }
}

/// iPad and other regular widths: the move list as a column beside the board.
struct MoveListColumn: View {
    let model: GameModel

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            MoveListHeader(model: model)
            MoveList(model: model)
                .background(RoundedRectangle(cornerRadius: 12).fill(Color.secondary.opacity(0.08)))
        }
    }
}
