package app.mills.ui.puzzles

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.text
import androidx.compose.ui.text.AnnotatedString
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import kotlin.math.roundToInt

/**
 * The selected game's rating with its uncertainty (Glicko-2: the true rating lies within two
 * deviations with about 95% certainty), where it comes from, and the puzzle statistics.
 */
@Composable
internal fun PuzzleStatsCard(state: PuzzleHubUiState) {
    val stats = state.stats
    val rating = stats?.rating?.rating?.roundToInt() ?: 1500
    val deviation = stats?.rating?.deviation?.roundToInt() ?: 350
    val spoken = stringOf(StringKey.PuzzlesRatingDescription, UiText.GameName(state.game).resolve(), rating, deviation)
    Surface(
        shape = RoundedCornerShape(20.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth().testTag("puzzle-stats"),
    ) {
        Column(Modifier.padding(horizontal = 18.dp, vertical = 14.dp)) {
            val shown = stringOf(StringKey.PuzzlesRating, rating, deviation)
            Text(
                shown,
                style = MaterialTheme.typography.headlineSmall,
                color = MaterialTheme.colorScheme.primary,
                // "±" read out is unclear: screen readers get the sentence
                modifier = Modifier.testTag("puzzle-rating").clearAndSetSemantics {
                    contentDescription = spoken
                    text = AnnotatedString(shown)
                },
            )
            Text(
                stringOf(StringKey.PuzzlesRatingNote),
                style = MaterialTheme.typography.bodySmall,
                color = MaterialTheme.colorScheme.onSurfaceVariant,
            )
            Column(Modifier.padding(top = 8.dp).semantics(mergeDescendants = true) {}) {
                Text(stringOf(StringKey.PuzzlesSolved, stats?.solved?.toInt() ?: 0, state.total), modifier = Modifier.testTag("puzzle-solved"))
                Text(stringOf(StringKey.PuzzlesStreak, stats?.streak?.toInt() ?: 0, stats?.bestStreak?.toInt() ?: 0))
                Text(stringOf(StringKey.PuzzlesBestRush, stats?.bestRush?.toInt() ?: 0), modifier = Modifier.testTag("puzzle-best-rush"))
                Text(stringOf(StringKey.PuzzlesRatedGames, stats?.ratedGames?.toInt() ?: 0), modifier = Modifier.testTag("puzzle-rated-games"))
            }
        }
    }
}
