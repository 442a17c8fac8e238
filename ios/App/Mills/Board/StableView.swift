import MillsCore
import SwiftUI

/// Linked-Horse's stable at the centre of the board: how many pieces each side has banked.
struct StableView: View {
    let first: Int
    let second: Int
    let metrics: BoardMetrics
    let palette: BoardPalette
    let names: PlayerNames

    var body: some View {
        HStack(spacing: metrics.step * 0.15) {
            count(first, of: .p1)
            count(second, of: .p2)
        }
        .padding(metrics.step * 0.1)
        .frame(width: metrics.step * 1.6, height: metrics.step * 1.1)
        .background(RoundedRectangle(cornerRadius: metrics.step * 0.15).strokeBorder(palette.line.opacity(0.5), style: StrokeStyle(lineWidth: 1, dash: [4, 3])))
        .position(metrics.center)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text("stable_label"))
        .accessibilityValue(Text(verbatim: spokenCounts))
    }

    /// "White 3, Black 2".
    private var spokenCounts: String {
        [
            "\(names.name(.p1)) \(first)",
            "\(names.name(.p2)) \(second)",
        ].joined(separator: String(localized: "list_separator"))
    }

    private func count(_ value: Int, of player: Player) -> some View {
        VStack(spacing: 2) {
            PieceView(owner: player, diameter: metrics.step * 0.36, palette: palette)
            Text(value, format: .number)
                .font(.system(size: max(10, metrics.step * 0.26), weight: .semibold, design: .rounded))
                .foregroundStyle(palette.line)
                .monospacedDigit()
        }
    }
}
