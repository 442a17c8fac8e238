package app.mills.ui.settings

import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.text
import uniffi.mills_ffi.TablesState

/** The Settings line for the engine's endgame tables; `null` before they are asked for. */
fun endgameTablesText(state: TablesState): UiText? = when (state) {
    TablesState.NotPrepared -> null
    is TablesState.Preparing -> text(StringKey.TablesPreparing, state.percent.toInt())
    TablesState.Ready -> text(StringKey.TablesReady)
    TablesState.Cancelled, is TablesState.Failed -> text(StringKey.TablesUnavailable)
}

/**
 * "Endgame tables: ready / preparing …": plain text that TalkBack reads when focused (not a
 * live region: the percentage changes several times a second while the tables build).
 */
@Composable
fun EndgameTablesLine(state: TablesState) {
    val line = endgameTablesText(state) ?: return
    Text(
        line.resolve(),
        style = MaterialTheme.typography.bodySmall,
        color = MaterialTheme.colorScheme.onSurfaceVariant,
        modifier = Modifier.testTag("endgame-tables"),
    )
}
