import MillsCore
import SwiftUI

/// The board with its pieces, highlights and animations, as large as the space allows
/// (from an iPhone SE to a 13-inch iPad). Taps go to the model (a game or a lesson), which
/// asks the engine.
struct BoardView<Model: BoardModel>: View {
    let model: Model
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        GeometryReader { proxy in
            let metrics = BoardMetrics(side: min(proxy.size.width, proxy.size.height))
            let palette = style.palette(for: colorScheme)
            ZStack {
                BoardLines(metrics: metrics, palette: palette)
                if BoardGrid.hasStable(model.game) {
                    StableView(
                        first: Int(model.snapshot.p1.stable),
                        second: Int(model.snapshot.p2.stable),
                        metrics: metrics,
                        palette: palette,
                        names: model.names
                    )
                }
                BoardHighlights(snapshot: model.snapshot, metrics: metrics, palette: palette)
                pieces(metrics: metrics, palette: palette)
                PointTargets(snapshot: model.snapshot, names: model.names, metrics: metrics) { point in
                    model.tap(point)
                }
            }
            .frame(width: metrics.side, height: metrics.side)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(Text("board_description"))
    }

    private func pieces(metrics: BoardMetrics, palette: BoardPalette) -> some View {
        ZStack {
            ForEach(model.pieces.pieces) { piece in
                let state = model.snapshot.points.first { $0.name == piece.point }
                // read here, on the main actor: the keyframe closure below is @Sendable
                let shaking = shakes(piece)
                PieceView(
                    owner: piece.owner,
                    diameter: metrics.pieceDiameter,
                    palette: palette,
                    flips: piece.flips,
                    isSelected: state?.selected ?? false,
                    isInMill: state?.inMill ?? false
                )
                .keyframeAnimator(initialValue: CGFloat(0), trigger: model.feedback.refusals) { view, offset in
                    view.offset(x: shaking ? offset : 0)
                } keyframes: { _ in
                    KeyframeTrack {
                        LinearKeyframe(CGFloat(-7), duration: 0.06)
                        LinearKeyframe(CGFloat(7), duration: 0.08)
                        LinearKeyframe(CGFloat(-4), duration: 0.08)
                        LinearKeyframe(CGFloat(0), duration: 0.06)
                    }
                }
                .position(metrics.location(of: piece.point))
                .transition(.asymmetric(insertion: .scale(scale: 1.8).combined(with: .opacity), removal: .identity))
            }
            ForEach(model.pieces.leaving) { piece in
                LeavingPieceView(piece: piece, metrics: metrics, palette: palette)
            }
        }
        .frame(width: metrics.side, height: metrics.side)
        .animation(reduceMotion ? .easeInOut(duration: 0.15) : .spring(response: 0.38, dampingFraction: 0.72), value: model.pieces)
        .animation(.default, value: model.snapshot.selected)
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    private func shakes(_ piece: BoardPiece) -> Bool {
        model.feedback.refusedPoint == piece.point
    }
}
