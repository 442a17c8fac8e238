package app.mills.ui.board

import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import app.mills.game.BoardGeometry
import app.mills.ui.theme.BoardColors
import uniffi.mills_ffi.Player
import kotlin.math.sin

/** The board itself: a rounded slab with a grain, a frame and the engraved lines. */
fun DrawScope.drawBoardSurface(m: BoardMetrics, colors: BoardColors) {
    val corner = CornerRadius(m.size * 0.045f)
    drawRoundRect(
        brush = Brush.verticalGradient(listOf(colors.surfaceTop, colors.surfaceBottom)),
        cornerRadius = corner,
    )
    // a quiet grain: long gentle waves across the slab
    val waves = 18
    for (i in 0 until waves) {
        val y0 = m.size * (i + 0.5f) / waves
        var previous = Offset(0f, y0)
        val steps = 24
        for (s in 1..steps) {
            val x = m.size * s / steps
            val y = y0 + sin((x / m.size) * 6.3f + i * 1.7f) * m.size * 0.006f
            val next = Offset(x, y)
            drawLine(colors.grain, previous, next, strokeWidth = m.size * 0.004f)
            previous = next
        }
    }
    val inset = m.size * 0.022f
    drawRoundRect(
        color = colors.frame.copy(alpha = 0.55f),
        topLeft = Offset(inset, inset),
        size = Size(m.size - 2 * inset, m.size - 2 * inset),
        cornerRadius = CornerRadius(m.size * 0.03f),
        style = Stroke(m.size * 0.004f),
    )
    drawRoundRect(color = colors.frame, cornerRadius = corner, style = Stroke(m.size * 0.012f))
}

fun DrawScope.drawBoardLines(m: BoardMetrics, colors: BoardColors) {
    for ((a, b) in BoardGeometry.segments) {
        drawLine(colors.line, m.at(a), m.at(b), strokeWidth = m.lineWidth, cap = StrokeCap.Round)
    }
}

/** The lines the last turn completed, glowing in brass. */
fun DrawScope.drawFormedLines(m: BoardMetrics, colors: BoardColors, lines: List<List<String>>, alpha: Float) {
    if (alpha <= 0f) return
    for (line in lines) {
        if (line.size < 3) continue
        val a = m.at(line.first())
        val b = m.at(line.last())
        drawLine(colors.line3.copy(alpha = 0.35f * alpha), a, b, strokeWidth = m.pieceRadius * 1.25f, cap = StrokeCap.Round)
        drawLine(colors.line3.copy(alpha = 0.9f * alpha), a, b, strokeWidth = m.lineWidth * 2.2f, cap = StrokeCap.Round)
    }
}

fun DrawScope.drawEmptyPoint(m: BoardMetrics, colors: BoardColors, center: Offset) {
    drawCircle(colors.point, m.cell * 0.085f, center)
}

/** The stable of Linked-Horse at the centre; [p1] and [p2] banked pieces are drawn in it. */
fun DrawScope.drawStable(m: BoardMetrics, colors: BoardColors, p1: Int, p2: Int) {
    val c = m.center
    val half = m.stableHalf
    drawRoundRect(
        color = colors.stable,
        topLeft = c - Offset(half, half),
        size = Size(2 * half, 2 * half),
        cornerRadius = CornerRadius(half * 0.25f),
    )
    drawRoundRect(
        color = colors.line.copy(alpha = 0.5f),
        topLeft = c - Offset(half, half),
        size = Size(2 * half, 2 * half),
        cornerRadius = CornerRadius(half * 0.25f),
        style = Stroke(m.lineWidth * 0.8f),
    )
    for (i in 0 until p2.coerceAtMost(7)) drawPiece(m.stableSlot(Player.P2, i, p2.coerceAtMost(7)), m.stableDot, Player.P2, colors)
    for (i in 0 until p1.coerceAtMost(7)) drawPiece(m.stableSlot(Player.P1, i, p1.coerceAtMost(7)), m.stableDot, Player.P1, colors)
}

/** A target the player may tap: a soft disc on an empty point, a ring around a piece. */
fun DrawScope.drawTarget(m: BoardMetrics, color: Color, center: Offset, onPiece: Boolean, pulse: Float, quiet: Boolean = false) {
    if (onPiece) {
        drawCircle(color.copy(alpha = 0.85f), m.pieceRadius * (1.12f + 0.06f * pulse), center, style = Stroke(m.lineWidth * 1.4f))
    } else if (quiet) {
        drawCircle(color.copy(alpha = 0.12f + 0.1f * pulse), m.pieceRadius * 0.48f, center)
    } else {
        drawCircle(color.copy(alpha = 0.16f + 0.14f * pulse), m.pieceRadius * 0.62f, center)
        drawCircle(color.copy(alpha = 0.7f), m.pieceRadius * 0.62f, center, style = Stroke(m.lineWidth))
    }
}

/** Where the last turn acted: a brass ring, or a hollow ring where a piece left. */
fun DrawScope.drawLastTurnMark(m: BoardMetrics, colors: BoardColors, center: Offset, occupied: Boolean) {
    val r = if (occupied) m.pieceRadius * 1.14f else m.cell * 0.17f
    drawCircle(colors.lastTurn.copy(alpha = 0.75f), r, center, style = Stroke(m.lineWidth * 0.9f))
}
