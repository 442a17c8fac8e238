package app.mills.ui.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import app.mills.ui.theme.BoardColors
import uniffi.mills_ffi.Player

/**
 * A piece: a lacquered disc with a marking that tells the sides apart without colour —
 * White carries an engraved ring, Black a diamond.
 */
fun DrawScope.drawPiece(
    center: Offset,
    radius: Float,
    owner: Player,
    colors: BoardColors,
    alpha: Float = 1f,
    lifted: Boolean = false,
) {
    if (alpha <= 0f || radius <= 0f) return
    val white = owner == Player.P1
    val base = if (white) colors.whitePiece else colors.blackPiece
    val shade = if (white) colors.whitePieceShade else colors.blackPieceShade
    val mark = if (white) colors.whiteMark else colors.blackMark
    val lift = if (lifted) 0.22f else 0.1f
    drawCircle(Color.Black.copy(alpha = 0.30f * alpha), radius * 1.02f, center + Offset(radius * 0.04f, radius * lift))
    drawCircle(
        brush = Brush.radialGradient(
            colors = listOf(base, base, shade),
            center = center - Offset(radius * 0.35f, radius * 0.4f),
            radius = radius * 1.7f,
        ),
        radius = radius,
        center = center,
        alpha = alpha,
    )
    drawCircle(shade.copy(alpha = alpha), radius - radius * 0.03f, center, style = Stroke(radius * 0.06f))
    val gloss = Color.White.copy(alpha = (if (white) 0.5f else 0.12f) * alpha)
    drawCircle(gloss, radius * 0.16f, center - Offset(radius * 0.42f, radius * 0.45f))
    if (white) {
        drawCircle(mark.copy(alpha = alpha), radius * 0.5f, center, style = Stroke(radius * 0.1f))
    } else {
        val d = radius * 0.34f
        val diamond = Path().apply {
            moveTo(center.x, center.y - d)
            lineTo(center.x + d, center.y)
            lineTo(center.x, center.y + d)
            lineTo(center.x - d, center.y)
            close()
        }
        drawPath(diamond, mark.copy(alpha = alpha))
    }
}

/** The small "×" that marks a piece that may be taken (a shape, not only a colour). */
fun DrawScope.drawTakeBadge(center: Offset, radius: Float, colors: BoardColors, alpha: Float) {
    val badge = center + Offset(radius * 0.72f, -radius * 0.72f)
    val r = radius * 0.34f
    drawCircle(colors.removeTarget.copy(alpha = alpha), r, badge)
    val s = r * 0.45f
    val stroke = r * 0.28f
    drawLine(Color.White.copy(alpha = alpha), badge + Offset(-s, -s), badge + Offset(s, s), stroke)
    drawLine(Color.White.copy(alpha = alpha), badge + Offset(-s, s), badge + Offset(s, -s), stroke)
}
