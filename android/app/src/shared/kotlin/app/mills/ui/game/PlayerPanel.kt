package app.mills.ui.game

import androidx.compose.animation.animateColorAsState
import androidx.compose.foundation.BorderStroke
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.mills.game.PlayerUi
import app.mills.game.TimerUi
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.PieceIcon
import app.mills.ui.components.TimerRing

/** One side: who they are, the timer ring while it is their turn, and their counters. */
@Composable
fun PlayerPanel(player: PlayerUi, timer: TimerUi?, thinking: Boolean, modifier: Modifier = Modifier) {
    val scheme = MaterialTheme.colorScheme
    val container by animateColorAsState(if (player.active) scheme.primaryContainer else scheme.surfaceContainerLow, label = "panel")
    Surface(
        modifier = modifier
            .fillMaxWidth()
            .testTag("panel-${player.player.name}"),
        shape = RoundedCornerShape(20.dp),
        color = container,
        border = BorderStroke(1.dp, if (player.active) scheme.primary.copy(alpha = 0.5f) else scheme.outlineVariant),
    ) {
        Column(
            Modifier
                .padding(horizontal = 14.dp, vertical = 10.dp)
                .semantics(mergeDescendants = true) {},
        ) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                TimerRing(timer = timer?.takeIf { player.active }) {
                    PieceIcon(player.player, size = 34.dp)
                }
                Spacer(Modifier.width(12.dp))
                Text(
                    player.name.resolve(),
                    style = MaterialTheme.typography.titleMedium,
                    maxLines = 1,
                    overflow = TextOverflow.Ellipsis,
                    modifier = Modifier.weight(1f),
                )
                Row(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    Stat(stringOf(StringKey.CountInHand), player.inHand, "hand-${player.player.name}")
                    Stat(stringOf(StringKey.CountOnBoard), player.onBoard, "board-${player.player.name}")
                    Stat(player.tallyLabel.resolve(), player.tally, "tally-${player.player.name}")
                }
            }
            val line = when {
                player.active && player.isComputer && thinking -> stringOf(StringKey.PromptThinking)
                else -> player.prompt?.resolve()
            }
            if (line != null) {
                Text(
                    line,
                    style = MaterialTheme.typography.titleSmall,
                    color = scheme.primary,
                    modifier = Modifier
                        .padding(start = 64.dp, top = 2.dp)
                        .testTag("prompt-${player.player.name}"),
                )
            }
        }
    }
}

@Composable
private fun Stat(label: String, value: Int, tag: String) {
    Column(horizontalAlignment = Alignment.CenterHorizontally, modifier = Modifier.testTag(tag)) {
        Text(value.toString(), style = MaterialTheme.typography.titleLarge)
        Text(label, style = MaterialTheme.typography.labelSmall, color = MaterialTheme.colorScheme.onSurfaceVariant, maxLines = 1)
    }
}
