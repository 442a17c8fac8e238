package app.mills.ui.components

import androidx.compose.animation.core.withInfiniteAnimationFrameMillis
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableLongStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.mills.game.TimerUi
import app.mills.strings.StringKey
import app.mills.strings.stringOf

/** Milliseconds left on [timer] now. */
fun TimerUi.remainingAt(nowNanos: Long): Long =
    if (running) (remainingMs - (nowNanos - stampNanos) / 1_000_000).coerceAtLeast(0) else remainingMs

/**
 * The turn timer as a ring around [content] that empties as the time runs out, turning
 * vermilion (the error colour) in the last quarter. Without a timer it is just a thin track.
 */
@Composable
fun TimerRing(timer: TimerUi?, modifier: Modifier = Modifier, size: Dp = 52.dp, content: @Composable () -> Unit) {
    var now by remember { mutableLongStateOf(System.nanoTime()) }
    LaunchedEffect(timer) {
        if (timer?.running == true) {
            while (true) withInfiniteAnimationFrameMillis { now = System.nanoTime() }
        }
    }
    val left = timer?.remainingAt(now)
    val fraction = if (timer == null || timer.totalMs <= 0) 0f else (left!!.toFloat() / timer.totalMs).coerceIn(0f, 1f)
    val track = MaterialTheme.colorScheme.outlineVariant
    val colour = if (fraction < 0.25f) MaterialTheme.colorScheme.error else MaterialTheme.colorScheme.primary
    val label = when {
        timer == null -> null
        !timer.running -> stringOf(StringKey.TimerPaused)
        else -> stringOf(StringKey.TimerSecondsLeft, ((left!! + 999) / 1000).toInt())
    }
    Box(
        modifier
            .size(size)
            .semantics { if (label != null) contentDescription = label },
        contentAlignment = Alignment.Center,
    ) {
        Canvas(Modifier.size(size)) {
            val stroke = 4.dp.toPx()
            val inset = stroke / 2
            val arcSize = Size(this.size.width - stroke, this.size.height - stroke)
            drawArc(track, 0f, 360f, false, Offset(inset, inset), arcSize, style = Stroke(stroke))
            if (timer != null) {
                drawArc(colour, -90f, 360f * fraction, false, Offset(inset, inset), arcSize, style = Stroke(stroke, cap = StrokeCap.Round))
            }
        }
        content()
    }
}
