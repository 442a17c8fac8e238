package app.mills.ui.lessons

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.width
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.mills.game.PlayerUi
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.text
import app.mills.ui.components.PieceIcon

/**
 * Both sides' counters in one compact line each (the engine's panel: in hand, on board, then
 * pins, the stable or captures): lessons about an empty hand or the stable need them in view.
 */
@Composable
fun LessonSides(sides: List<PlayerUi>, modifier: Modifier = Modifier) {
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        sides.forEach { side ->
            val summary = side.summary.resolve()
            val counts = UiText.Joined(
                listOf(
                    text(StringKey.LessonCount, text(StringKey.CountInHand), side.inHand),
                    text(StringKey.LessonCount, text(StringKey.CountOnBoard), side.onBoard),
                    text(StringKey.LessonCount, side.tallyLabel, side.tally),
                ),
            ).resolve()
            Row(
                Modifier
                    .fillMaxWidth()
                    .testTag("lesson-side-${side.player.name}")
                    .clearAndSetSemantics { contentDescription = summary },
                verticalAlignment = Alignment.CenterVertically,
            ) {
                PieceIcon(side.player, size = 18.dp)
                Spacer(Modifier.width(8.dp))
                Text(side.name.resolve(), style = MaterialTheme.typography.labelLarge, fontWeight = FontWeight.SemiBold)
                Spacer(Modifier.width(8.dp))
                Text(
                    counts,
                    style = MaterialTheme.typography.bodySmall,
                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                    maxLines = 1,
                    overflow = TextOverflow.Ellipsis,
                )
            }
        }
    }
}
