package app.mills.ui.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import app.mills.game.BoardHint
import app.mills.ui.theme.BoardColors
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.sin

/** The hint's own colour, apart from the targets' and the last turn's on every board style. */
private val HintColour = Color(0xFF2F7FE0)

/**
 * The engine's hint on the board: a dashed ring on the piece to move, an arrow to its
 * destination and a ring there, and the removals it owes in the removal colour with a
 * cross (a shape as well as a colour). [pulse] (0..1) breathes the rings.
 */
fun DrawScope.drawHint(m: BoardMetrics, colors: BoardColors, hint: BoardHint, pulse: Float) {
    val dash = PathEffect.dashPathEffect(floatArrayOf(m.lineWidth * 3f, m.lineWidth * 2f))
    val ring = m.pieceRadius * (1.22f + 0.06f * pulse)
    val piece = hint.piece?.let(m::at)
    val destination = hint.destination?.let(m::at)
    if (piece != null && destination != null) drawArrow(m, piece, destination)
    piece?.let {
        drawCircle(HintColour, ring, it, style = Stroke(m.lineWidth * 1.6f, pathEffect = dash))
    }
    destination?.let {
        drawCircle(HintColour.copy(alpha = 0.22f + 0.12f * pulse), m.pieceRadius * 0.9f, it)
        drawCircle(HintColour, ring, it, style = Stroke(m.lineWidth * 1.8f))
    }
    for (removal in hint.removals) {
        val c = m.at(removal)
        drawCircle(colors.removeTarget, ring, c, style = Stroke(m.lineWidth * 1.8f, pathEffect = dash))
        val d = m.pieceRadius * 0.42f
        val width = m.lineWidth * 1.6f
        drawLine(colors.removeTarget, c + Offset(-d, -d), c + Offset(d, d), width, StrokeCap.Round)
        drawLine(colors.removeTarget, c + Offset(-d, d), c + Offset(d, -d), width, StrokeCap.Round)
    }
}

/** A line from [from] to [to] that stops short of both pieces, with a head at [to]. */
private fun DrawScope.drawArrow(m: BoardMetrics, from: Offset, to: Offset) {
    val angle = atan2(to.y - from.y, to.x - from.x)
    val direction = Offset(cos(angle), sin(angle))
    val start = from + direction * (m.pieceRadius * 1.3f)
    val end = to - direction * (m.pieceRadius * 1.3f)
    val width = m.lineWidth * 2f
    drawLine(HintColour.copy(alpha = 0.85f), start, end, width, StrokeCap.Round)
    val head = m.pieceRadius * 0.55f
    for (side in listOf(-1f, 1f)) {
        val a = angle + Math.PI.toFloat() + side * 0.5f
        drawLine(HintColour.copy(alpha = 0.85f), end, end + Offset(cos(a), sin(a)) * head, width, StrokeCap.Round)
    }
}
