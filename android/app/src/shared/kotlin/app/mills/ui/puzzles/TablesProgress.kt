package app.mills.ui.puzzles

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import uniffi.mills_ffi.TablesState

/**
 * How far the endgame tables that judge puzzles are: the engine's words ([line]) and, while
 * they are prepared, a bar of the engine's fraction (TalkBack reads its percentage with the
 * words: one merged node); when a puzzle waits for them ([waiting]), that it opens by itself.
 */
@Composable
internal fun TablesProgress(tables: TablesState, line: UiText, waiting: Boolean) {
    Column(
        Modifier.fillMaxWidth().testTag("puzzle-tables").semantics(mergeDescendants = true) {},
        verticalArrangement = Arrangement.spacedBy(6.dp),
    ) {
        Text(line.resolve(), style = MaterialTheme.typography.bodyMedium)
        if (tables is TablesState.Preparing) {
            LinearProgressIndicator(
                progress = { tables.percent.toFloat() / 100f },
                modifier = Modifier.fillMaxWidth().testTag("puzzle-tables-progress"),
            )
        }
        if (waiting) {
            Text(
                stringOf(StringKey.PuzzlesWaitingForTables),
                style = MaterialTheme.typography.bodyMedium,
                color = MaterialTheme.colorScheme.primary,
                modifier = Modifier.testTag("puzzle-waiting"),
            )
        }
    }
}
