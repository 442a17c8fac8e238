import SwiftUI

/// A piece leaving the board: it shrinks and fades where it stood (captured, pulled), or
/// slides into the stable at the centre (Linked-Horse).
struct LeavingPieceView: View {
    let piece: LeavingPiece
    let metrics: BoardMetrics
    let palette: BoardPalette
    @State private var gone = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        PieceView(owner: piece.owner, diameter: metrics.pieceDiameter, palette: palette)
            .scaleEffect(gone ? (piece.kind == .stabled ? 0.45 : 0.1) : 1)
            .opacity(gone ? 0 : 1)
            .position(gone && piece.kind == .stabled ? metrics.center : metrics.location(of: piece.point))
            .onAppear {
                withAnimation(reduceMotion ? .linear(duration: 0.2) : .easeIn(duration: 0.55)) {
                    gone = true
                }
            }
            .allowsHitTesting(false)
            .accessibilityHidden(true)
    }
}
