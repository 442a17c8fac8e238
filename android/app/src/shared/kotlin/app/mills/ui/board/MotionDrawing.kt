package app.mills.ui.board

import androidx.compose.animation.core.FastOutSlowInEasing
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import app.mills.game.Motion
import app.mills.ui.theme.BoardColors
import uniffi.mills_ffi.Player

/** The share of the whole animation [progress] (0..1) that belongs to motion [index] of [count]. */
fun motionProgress(progress: Float, index: Int, count: Int): Float =
    FastOutSlowInEasing.transform(((progress * count) - index).coerceIn(0f, 1f))

/** The points whose piece a motion draws (the board leaves them out of its still pieces). */
fun animatedPoints(motions: List<Motion>, progress: Float): Set<String> =
    if (progress >= 1f) emptySet() else motions.filterNot { it is Motion.Remove }.map { it.point }.toSet()

/**
 * Draws the pieces in motion at [progress]: placed pieces drop in, stepping pieces slide,
 * captured ones fade out with a burst, pinned points change colour with a ring, and stabled
 * pieces travel into the stable.
 */
fun DrawScope.drawMotions(
    m: BoardMetrics,
    colors: BoardColors,
    motions: List<Motion>,
    progress: Float,
    stableP1: Int,
    stableP2: Int,
) {
    if (progress >= 1f) return
    motions.forEachIndexed { i, motion ->
        val t = motionProgress(progress, i, motions.size)
        when (motion) {
            is Motion.Place -> if (t > 0f) {
                drawPiece(m.at(motion.point), m.pieceRadius * (1.35f - 0.35f * t), motion.owner, colors, alpha = t, lifted = t < 1f)
            }
            is Motion.Step -> {
                val at = lerp(m.at(motion.from), m.at(motion.point), t)
                drawPiece(at, m.pieceRadius, motion.owner, colors, lifted = t in 0.01f..0.99f)
            }
            is Motion.Remove -> {
                val c = m.at(motion.point)
                drawPiece(c, m.pieceRadius * (1f + 0.25f * t), motion.owner, colors, alpha = 1f - t)
                if (t > 0f) {
                    val burst = colors.removeTarget.copy(alpha = 1f - t)
                    drawCircle(burst, m.pieceRadius * (1f + 0.8f * t), c, style = Stroke(m.lineWidth * 1.6f))
                }
            }
            is Motion.Pin -> {
                val c = m.at(motion.point)
                if (t > 0f) drawCircle(colors.line3.copy(alpha = 0.55f * (1f - t)), m.pieceRadius * (1.1f + 0.9f * t), c)
                drawPiece(c, m.pieceRadius, motion.from, colors, alpha = 1f - t)
                drawPiece(c, m.pieceRadius, motion.to, colors, alpha = t)
                if (t > 0f) {
                    val ring = colors.line3.copy(alpha = 1f - t)
                    drawCircle(ring, m.pieceRadius * (1f + 0.6f * t), c, style = Stroke(m.lineWidth * 1.8f))
                }
            }
            is Motion.Stable -> {
                val count = if (motion.owner == Player.P1) stableP1 else stableP2
                val slot = m.stableSlot(motion.owner, (count - 1).coerceIn(0, 6), count.coerceIn(1, 7))
                val from = m.at(motion.point)
                // an arc through a point above the straight path
                val mid = lerp(from, slot, 0.5f) - Offset(0f, m.cell * 0.8f)
                val a = lerp(from, mid, t)
                val b = lerp(mid, slot, t)
                val radius = m.pieceRadius + (m.stableDot - m.pieceRadius) * t
                drawPiece(lerp(a, b, t), radius, motion.owner, colors, lifted = t in 0.01f..0.99f)
            }
        }
    }
}

/** How many banked pieces of [owner] the stable shows while a piece is still on its way. */
fun stableShown(owner: Player, count: Int, motions: List<Motion>, progress: Float): Int =
    if (progress < 1f && motions.any { it is Motion.Stable && it.owner == owner }) count - 1 else count
