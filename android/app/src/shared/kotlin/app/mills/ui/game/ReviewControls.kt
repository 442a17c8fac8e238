package app.mills.ui.game

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.mills.game.ReviewUi
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.icons.MillsIcons

/**
 * In review, in place of the game's buttons: where the board is ("After turn 9 of 12: White
 * a7xg1", announced at every step), previous and next turn, play from here, back to the game.
 */
@Composable
fun ReviewControls(
    review: ReviewUi,
    onBack: () -> Unit,
    onForward: () -> Unit,
    onPlayFromHere: () -> Unit,
    onExit: () -> Unit,
    modifier: Modifier = Modifier,
) {
    val caption = review.caption.resolve()
    val toPlay = review.toPlay.resolve()
    val message = review.message?.resolve()
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(6.dp), verticalAlignment = Alignment.CenterVertically) {
            ActionButton(MillsIcons.Previous, stringOf(StringKey.ReviewPrevious), review.canBack, onBack, "review-back")
            Column(
                Modifier
                    .weight(2f)
                    .semantics(mergeDescendants = true) {
                        liveRegion = LiveRegionMode.Polite
                        contentDescription = listOfNotNull(message, caption, toPlay).joinToString(". ")
                    }
                    .testTag("review-caption"),
                horizontalAlignment = Alignment.CenterHorizontally,
            ) {
                Text(caption, style = MaterialTheme.typography.titleSmall, textAlign = TextAlign.Center, maxLines = 2)
                Text(toPlay, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
            }
            ActionButton(MillsIcons.Next, stringOf(StringKey.ReviewNext), review.canForward, onForward, "review-forward")
        }
        if (message != null) {
            Surface(
                color = MaterialTheme.colorScheme.errorContainer,
                shape = RoundedCornerShape(12.dp),
                modifier = Modifier.align(Alignment.CenterHorizontally),
            ) {
                Text(
                    message,
                    style = MaterialTheme.typography.bodySmall,
                    color = MaterialTheme.colorScheme.onErrorContainer,
                    textAlign = TextAlign.Center,
                    modifier = Modifier.padding(horizontal = 12.dp, vertical = 4.dp).testTag("review-message"),
                )
            }
        }
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(6.dp)) {
            ActionButton(MillsIcons.Play, stringOf(StringKey.ReviewPlayFromHere), review.canPlayFromHere, onPlayFromHere, "play-from-here")
            ActionButton(MillsIcons.Back, stringOf(StringKey.ReviewExit), true, onExit, "review-exit")
        }
    }
}
