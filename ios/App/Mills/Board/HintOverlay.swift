import MillsCore
import SwiftUI

/// The engine's hint on the board: a ring on the piece to move, an arrow to its
/// destination (a ring where a piece is placed), and a cross on each piece the turn
/// removes. VoiceOver hears the hint as an announcement instead.
struct HintOverlay: View {
    let hint: Hint
    let metrics: BoardMetrics
    let palette: BoardPalette

    var body: some View {
        ZStack {
            if let piece = hint.piece, let destination = hint.destination {
                arrow(from: metrics.location(of: piece), to: metrics.location(of: destination))
                ring(at: piece, color: palette.accent, dashed: false)
            }
            if let destination = hint.destination {
                ring(at: destination, color: palette.accent, dashed: true)
            }
            ForEach(hint.removals, id: \.self) { point in
                removal(at: point)
            }
        }
        .frame(width: metrics.side, height: metrics.side)
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    private var lineWidth: CGFloat { max(2, metrics.step * 0.08) }

    private func ring(at point: String, color: Color, dashed: Bool) -> some View {
        Circle()
            .stroke(color, style: StrokeStyle(lineWidth: lineWidth, dash: dashed ? [5, 4] : []))
            .background(Circle().fill(color.opacity(dashed ? 0.22 : 0)))
            .frame(width: metrics.pieceDiameter * 1.2, height: metrics.pieceDiameter * 1.2)
            .position(metrics.location(of: point))
    }

    private func removal(at point: String) -> some View {
        ZStack {
            Circle()
                .stroke(palette.removal, lineWidth: lineWidth)
            Image(systemName: "xmark")
                .font(.system(size: metrics.pieceDiameter * 0.45, weight: .bold))
                .foregroundStyle(palette.removal)
        }
        .frame(width: metrics.pieceDiameter * 1.2, height: metrics.pieceDiameter * 1.2)
        .position(metrics.location(of: point))
    }

    /// A straight arrow between two point centres, stopping short of both pieces.
    private func arrow(from start: CGPoint, to end: CGPoint) -> some View {
        Canvas { context, _ in
            let dx = end.x - start.x
            let dy = end.y - start.y
            let length = max(hypot(dx, dy), 1)
            let unit = CGPoint(x: dx / length, y: dy / length)
            let inset = metrics.pieceDiameter * 0.6
            let from = CGPoint(x: start.x + unit.x * inset, y: start.y + unit.y * inset)
            let to = CGPoint(x: end.x - unit.x * inset, y: end.y - unit.y * inset)
            let head = metrics.step * 0.22
            var path = Path()
            path.move(to: from)
            path.addLine(to: to)
            // the two barbs of the head, at ±30° from the shaft
            for angle in [CGFloat.pi / 6, -CGFloat.pi / 6] {
                let back = CGPoint(
                    x: -unit.x * cos(angle) + unit.y * sin(angle),
                    y: -unit.y * cos(angle) - unit.x * sin(angle)
                )
                path.move(to: to)
                path.addLine(to: CGPoint(x: to.x + back.x * head, y: to.y + back.y * head))
            }
            context.stroke(
                path,
                with: .color(palette.accent),
                style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
            )
        }
        .frame(width: metrics.side, height: metrics.side)
    }
}
