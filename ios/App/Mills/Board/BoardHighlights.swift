import MillsCore
import SwiftUI

/// What the scene asks to highlight: the mills the last turn made, where the last turn
/// went (the turn under review, in review), and the points a tap would act on (pulsing
/// rings).
struct BoardHighlights: View {
    let scene: BoardScene
    let metrics: BoardMetrics
    let palette: BoardPalette
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        ZStack {
            millLines
            ForEach(scene.lastTurnPoints, id: \.self) { point in
                Circle()
                    .stroke(palette.accent.opacity(0.55), style: StrokeStyle(lineWidth: 2, dash: [3, 3]))
                    .frame(width: metrics.pieceDiameter * 1.25, height: metrics.pieceDiameter * 1.25)
                    .position(metrics.location(of: point))
            }
            ForEach(scene.targets, id: \.self) { point in
                TargetRing(diameter: metrics.pieceDiameter, color: targetColor, pulses: !reduceMotion)
                    .position(metrics.location(of: point))
            }
        }
        .frame(width: metrics.side, height: metrics.side)
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    private var millLines: some View {
        Canvas { context, _ in
            for line in scene.linesFormed {
                let ends = line.map { metrics.location(of: $0) }
                guard let (start, end) = Self.farthestPair(ends) else { continue }
                var path = Path()
                path.move(to: start)
                path.addLine(to: end)
                context.stroke(
                    path,
                    with: .color(palette.mill.opacity(0.85)),
                    style: StrokeStyle(lineWidth: metrics.step * 0.16, lineCap: .round)
                )
            }
        }
    }

    /// Removal targets (capture, pin, pull) in the warning colour, the others in the accent.
    private var targetColor: Color {
        switch scene.next {
        case .pin, .capture, .pull: palette.removal
        default: palette.accent
        }
    }

    /// The two ends of three points on one line.
    private static func farthestPair(_ points: [CGPoint]) -> (CGPoint, CGPoint)? {
        var best: (CGPoint, CGPoint)?
        var bestDistance: CGFloat = -1
        for (i, a) in points.enumerated() {
            for b in points.dropFirst(i + 1) {
                let distance = hypot(a.x - b.x, a.y - b.y)
                if distance > bestDistance {
                    bestDistance = distance
                    best = (a, b)
                }
            }
        }
        return best
    }
}

/// A ring on a point that a tap would act on; it breathes unless Reduce Motion is on.
struct TargetRing: View {
    let diameter: CGFloat
    let color: Color
    let pulses: Bool
    @State private var expanded = false

    var body: some View {
        Circle()
            .strokeBorder(color, lineWidth: max(2, diameter * 0.08))
            .frame(width: diameter * 0.62, height: diameter * 0.62)
            .scaleEffect(expanded ? 1.18 : 0.92)
            .opacity(expanded ? 0.55 : 0.95)
            .onAppear {
                guard pulses else { return }
                withAnimation(.easeInOut(duration: 0.9).repeatForever(autoreverses: true)) {
                    expanded = true
                }
            }
    }
}
