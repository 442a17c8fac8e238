import MillsCore
import SwiftUI

/// One invisible button per point: what a finger or VoiceOver acts on. The engine decides
/// what a tap means.
struct PointTargets: View {
    let snapshot: Snapshot
    let names: PlayerNames
    let metrics: BoardMetrics
    let onTap: (PointState) -> Void

    var body: some View {
        let lastTurn = Set(snapshot.lastTurnPoints)
        ZStack {
            ForEach(snapshot.points, id: \.index) { point in
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
                        next: snapshot.next,
                        names: names,
                        isLastTurn: lastTurn.contains(point.name)
                    ).label
                )
                .accessibilityAddTraits(point.selected ? .isSelected : [])
                .accessibilitySortPriority(Double(24 - point.index))
            }
        }
        .frame(width: metrics.side, height: metrics.side)
    }
}
