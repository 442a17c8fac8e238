import MillsCore
import SwiftUI

/// The board with its pieces, highlights and animations, as large as the space allows
/// (from an iPhone SE to a 13-inch iPad). Taps go to the model (a game or a lesson), which
/// asks the engine. Under review it draws the position under review the same way; a
/// horizontal swipe steps through the turns (right: back, left: forward).
struct BoardView<Model: BoardModel>: View {
    let model: Model
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        GeometryReader { proxy in
            let metrics = BoardMetrics(side: min(proxy.size.width, proxy.size.height))
            let palette = style.palette(for: colorScheme)
            let scene = model.scene
            ZStack {
                BoardLines(metrics: metrics, palette: palette)
                if BoardGrid.hasStable(model.game) {
                    StableView(
                        first: scene.stableP1,
                        second: scene.stableP2,
                        metrics: metrics,
                        palette: palette,
                        names: model.names
                    )
                }
                BoardHighlights(scene: scene, metrics: metrics, palette: palette)
                pieces(scene: scene, metrics: metrics, palette: palette)
                    // the live pieces and the review's are numbered apart: no slide between them
                    .id(scene.isLive)
                if scene.isLive, let hint = model.boardHint {
                    HintOverlay(hint: hint, metrics: metrics, palette: palette)
                }
                PointTargets(scene: scene, hint: scene.isLive ? model.boardHint : nil, names: model.names, metrics: metrics) { point in
                    model.tap(point)
                }
            }
            .frame(width: metrics.side, height: metrics.side)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .aspectRatio(1, contentMode: .fit)
        .simultaneousGesture(reviewSwipe)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(Text("board_description"))
    }

    /// A mostly horizontal swipe: right steps back a turn (from the live game too), left
    /// steps forward. Short drags stay taps on the points.
    private var reviewSwipe: some Gesture {
        DragGesture(minimumDistance: 40)
            .onEnded { drag in
                let dx = drag.translation.width
                let dy = drag.translation.height
                guard abs(dx) > 60, abs(dx) > 2 * abs(dy) else { return }
                if dx > 0 {
                    model.stepReview(by: -1)
                } else if model.isReviewing {
                    model.stepReview(by: 1)
                }
            }
    }

    private func pieces(scene: BoardScene, metrics: BoardMetrics, palette: BoardPalette) -> some View {
        let shown = model.boardPieces
        return ZStack {
            ForEach(shown.pieces) { piece in
                let state = scene.points.first { $0.name == piece.point }
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
            ForEach(shown.leaving) { piece in
                LeavingPieceView(piece: piece, metrics: metrics, palette: palette)
            }
        }
        .frame(width: metrics.side, height: metrics.side)
        .animation(reduceMotion ? .easeInOut(duration: 0.15) : .spring(response: 0.38, dampingFraction: 0.72), value: shown)
        .animation(.default, value: scene.selected)
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    private func shakes(_ piece: BoardPiece) -> Bool {
        model.feedback.refusedPoint == piece.point
    }
}
