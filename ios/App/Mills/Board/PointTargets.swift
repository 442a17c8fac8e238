import MillsCore
import SwiftUI

/// One invisible button per point: what a finger or VoiceOver acts on. The engine decides
/// what a tap means. Under review the points are read out, and a tap only says that the
/// board shows an earlier position.
struct PointTargets: View {
    let scene: BoardScene
    /// The hint on the board (the live game only), read out with the points it names.
    let hint: Hint?
    let names: PlayerNames
    let metrics: BoardMetrics
    let onTap: (PointState) -> Void

    var body: some View {
        let lastTurn = Set(scene.lastTurnPoints)
        ZStack {
            ForEach(scene.points, id: \.index) { point in
                Button {
                    onTap(point)
                } label: {
                    Color.clear
                        .frame(width: metrics.step * 0.95, height: metrics.step * 0.95)
                        .contentShape(Circle())
                }
                .buttonStyle(.plain)
                .position(metrics.location(of: point.name))
                .accessibilityLabel(
                    PointDescription(
                        point: point,
                        next: scene.next,
                        names: names,
                        isLastTurn: lastTurn.contains(point.name),
                        hint: hint
                    ).label
                )
                .accessibilityAddTraits(point.selected ? .isSelected : [])
                .accessibilitySortPriority(Double(24 - point.index))
            }
        }
        .frame(width: metrics.side, height: metrics.side)
    }
}
