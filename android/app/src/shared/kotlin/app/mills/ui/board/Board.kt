package app.mills.ui.board

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.RepeatMode
import androidx.compose.animation.core.animateFloat
import androidx.compose.animation.core.infiniteRepeatable
import androidx.compose.animation.core.rememberInfiniteTransition
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableIntStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.graphicsLayer
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.max
import app.mills.game.BoardUiState
import app.mills.game.TargetKind
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.theme.LocalBoardColors
import uniffi.mills_ffi.Player
import kotlin.math.PI
import kotlin.math.roundToInt
import kotlin.math.sin

private const val MOTION_MS = 340

/**
 * The board: drawn on a Canvas at any size, with one touch target (at least 48 dp) and one
 * screen-reader node per point. Changes are animated from [BoardUiState.motions].
 */
@Composable
fun Board(state: BoardUiState, onTap: (String) -> Unit, modifier: Modifier = Modifier) {
    val colors = LocalBoardColors.current
    val progress = remember { Animatable(1f) }
    var playedKey by remember { mutableIntStateOf(state.motionKey) }
    LaunchedEffect(state.motionKey) {
        if (state.motionKey != playedKey && state.motions.isNotEmpty()) {
            playedKey = state.motionKey
            progress.snapTo(0f)
            progress.animateTo(1f, tween(MOTION_MS * state.motions.size, easing = LinearEasing))
        } else {
            playedKey = state.motionKey
            progress.snapTo(1f)
        }
    }
    val shake = remember { Animatable(1f) }
    LaunchedEffect(state.shakeKey) {
        if (state.shakeKey > 0) {
            shake.snapTo(0f)
            shake.animateTo(1f, tween(420, easing = LinearEasing))
        }
    }
    val pulse by rememberInfiniteTransition(label = "targets").animateFloat(
        initialValue = 0f,
        targetValue = 1f,
        animationSpec = infiniteRepeatable(tween(900), RepeatMode.Reverse),
        label = "pulse",
    )

    BoxWithConstraints(
        modifier
            .aspectRatio(1f)
            .testTag("board"),
    ) {
        val density = LocalDensity.current
        val sizePx = with(density) { minOf(maxWidth, maxHeight).toPx() }
        val m = remember(sizePx) { BoardMetrics(sizePx) }
        val p = progress.value
        val hidden = animatedPoints(state.motions, p)
        Canvas(Modifier.fillMaxSize()) {
            drawBoardSurface(m, colors)
            drawBoardLines(m, colors)
            if (state.showStable) {
                drawStable(
                    m,
                    colors,
                    stableShown(Player.P1, state.stableP1, state.motions, p),
                    stableShown(Player.P2, state.stableP2, state.motions, p),
                )
            }
            drawFormedLines(m, colors, state.lines, p)
            for (point in state.points) {
                val c = m.at(point.grid)
                val shakeX = if (point.name == state.shakePoint && shake.value < 1f) {
                    (sin(shake.value * PI * 6).toFloat() * m.cell * 0.08f * (1f - shake.value))
                } else {
                    0f
                }
                val center = c.copy(x = c.x + shakeX)
                val owner = point.owner
                if (owner == null || point.name in hidden) drawEmptyPoint(m, colors, c)
                if (point.lastTurn && p >= 1f) drawLastTurnMark(m, colors, c, owner != null)
                if (owner != null && point.name !in hidden) {
                    drawPiece(center, m.pieceRadius * if (point.selected) 1.08f else 1f, owner, colors, lifted = point.selected)
                }
                val target = point.target
                if (target != null && p >= 1f) {
                    val removal = target == TargetKind.Pin || target == TargetKind.Capture || target == TargetKind.Pull
                    val colour = if (removal) colors.removeTarget else colors.target
                    drawTarget(m, colour, center, owner != null, pulse, quiet = target == TargetKind.Place)
                    if (removal && owner != null) drawTakeBadge(center, m.pieceRadius, colors, 1f)
                }
                if (point.selected) {
                    drawCircle(colors.selected, m.pieceRadius * 1.2f, center, style = Stroke(m.lineWidth * 2f))
                }
            }
            drawMotions(m, colors, state.motions, p, state.stableP1, state.stableP2)
            state.hint?.let { drawHint(m, colors, it, pulse) }
        }
        if (state.showStable) {
            val labelY = with(density) { (m.center.y - m.stableHalf * 0.62f).toDp() }
            Text(
                text = stringOf(StringKey.StableLabel),
                style = MaterialTheme.typography.labelSmall.copy(fontWeight = FontWeight.SemiBold),
                color = colors.stableText,
                maxLines = 1,
                modifier = Modifier
                    .align(Alignment.TopCenter)
                    .offset(y = labelY - 8.dp)
                    .graphicsLayer { alpha = 0.85f },
            )
        }
        val touch = with(density) { max(48.dp, (m.cell * 0.96f).toDp()) }
        val touchPx = with(density) { touch.toPx() }
        for (point in state.points) {
            val c = m.at(point.grid)
            val description = point.description.resolve()
            Box(
                Modifier
                    .offset { IntOffset((c.x - touchPx / 2).roundToInt(), (c.y - touchPx / 2).roundToInt()) }
                    .size(touch)
                    .clip(CircleShape)
                    .testTag("point-${point.name}")
                    .semantics { contentDescription = description }
                    .clickable(role = Role.Button) { onTap(point.name) },
            )
        }
    }
}
