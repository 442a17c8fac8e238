import SwiftUI

/// The board itself: the surface, the 20 lines and the 24 points, drawn in one Canvas.
struct BoardLines: View {
    let metrics: BoardMetrics
    let palette: BoardPalette

    var body: some View {
        Canvas { context, _ in
            let surface = Path(
                roundedRect: CGRect(x: 0, y: 0, width: metrics.side, height: metrics.side),
                cornerRadius: metrics.side * 0.03
            )
            context.fill(surface, with: .color(palette.surface))

            var lines = Path()
            for (start, end) in BoardGrid.segments {
                lines.move(to: metrics.location(start))
                lines.addLine(to: metrics.location(end))
            }
            context.stroke(
                lines,
                with: .color(palette.line),
                style: StrokeStyle(lineWidth: max(1.5, metrics.side * 0.006), lineCap: .round)
            )

            let dot = metrics.step * 0.12
            for point in BoardGrid.cells.keys {
                let center = metrics.location(of: point)
                let rect = CGRect(x: center.x - dot, y: center.y - dot, width: 2 * dot, height: 2 * dot)
                context.fill(Path(ellipseIn: rect), with: .color(palette.line))
            }
        }
        .frame(width: metrics.side, height: metrics.side)
        .accessibilityHidden(true)
    }
}
