package app.mills.ui.game

import androidx.compose.animation.AnimatedContent
import androidx.compose.animation.fadeIn
import androidx.compose.animation.fadeOut
import androidx.compose.animation.togetherWith
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
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
import app.mills.game.GameUiState
import app.mills.strings.resolve

/**
 * Whose turn it is, what just happened and why a tap was refused. The line is a polite live
 * region: screen readers announce every action and the new prompt.
 */
@Composable
fun StatusLine(state: GameUiState, modifier: Modifier = Modifier) {
    val status = state.status.resolve()
    val prompt = state.prompt.resolve()
    val announcement = state.announcement?.resolve()
    val message = state.message?.resolve()
    val spoken = listOfNotNull(message, announcement, status, prompt).joinToString(". ")
    Column(
        modifier
            .fillMaxWidth()
            .heightIn(min = 48.dp)
            .semantics(mergeDescendants = true) {
                liveRegion = LiveRegionMode.Polite
                contentDescription = spoken
            }
            .testTag("status"),
        horizontalAlignment = Alignment.CenterHorizontally,
    ) {
        Text(
            status,
            style = MaterialTheme.typography.titleMedium,
            textAlign = TextAlign.Center,
            modifier = Modifier.testTag("status-title"),
        )
        AnimatedContent(
            targetState = message ?: announcement.orEmpty(),
            transitionSpec = { fadeIn() togetherWith fadeOut() },
            label = "announcement",
        ) { line ->
            if (message != null && line == message) {
                Surface(
                    color = MaterialTheme.colorScheme.errorContainer,
                    shape = RoundedCornerShape(12.dp),
                    modifier = Modifier.padding(top = 4.dp),
                ) {
                    Text(
                        line,
                        style = MaterialTheme.typography.bodyMedium,
                        color = MaterialTheme.colorScheme.onErrorContainer,
                        textAlign = TextAlign.Center,
                        modifier = Modifier.padding(horizontal = 12.dp, vertical = 4.dp).testTag("message"),
                    )
                }
            } else {
                Text(
                    line,
                    style = MaterialTheme.typography.bodyMedium,
                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                    textAlign = TextAlign.Center,
                    maxLines = 2,
                    modifier = Modifier.padding(top = 2.dp).testTag("announcement"),
                )
            }
        }
    }
}
