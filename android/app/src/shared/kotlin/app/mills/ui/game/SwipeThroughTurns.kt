package app.mills.ui.game

import androidx.compose.foundation.gestures.detectHorizontalDragGestures
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Modifier
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.stringOf

/**
 * A horizontal swipe on the board steps through the game: to the right, one turn back (from
 * the live game, into review); to the left, one turn forward. Taps on points are untouched.
 * Screen readers get the same as the board's actions ("Previous", "Next").
 */
@Composable
internal fun Modifier.swipeThroughTurns(onBack: () -> Unit, onForward: () -> Unit, canForward: Boolean): Modifier {
    val back by rememberUpdatedState(onBack)
    val forward by rememberUpdatedState(onForward)
    val threshold = with(LocalDensity.current) { 56.dp.toPx() }
    val previousLabel = stringOf(StringKey.ReviewPrevious)
    val nextLabel = stringOf(StringKey.ReviewNext)
    return semantics {
        customActions = listOfNotNull(
            CustomAccessibilityAction(previousLabel) {
                back()
                true
            },
            CustomAccessibilityAction(nextLabel) {
                forward()
                true
            }.takeIf { canForward },
        )
    }.pointerInput(Unit) {
        var total = 0f
        detectHorizontalDragGestures(
            onDragStart = { total = 0f },
            onDragEnd = {
                when {
                    total > threshold -> back()
                    total < -threshold -> forward()
                }
            },
        ) { _, amount -> total += amount }
    }
}
