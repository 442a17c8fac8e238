package app.mills.ui.records

import androidx.compose.runtime.Composable
import app.mills.data.RecordToConfirm
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.stringOf
import app.mills.ui.components.ConfirmDialog

/**
 * Asks before a good record ends the unfinished game, naming that game and its turn as Home's
 * Continue card does; cancelling keeps the game and loads nothing.
 */
@Composable
fun ConfirmOpenRecordDialog(pending: RecordToConfirm?, onOpen: () -> Unit, onKeep: () -> Unit) {
    val unfinished = pending?.unfinished
    ConfirmDialog(
        visible = unfinished != null,
        title = stringOf(StringKey.ConfirmOpenRecordTitle),
        text = unfinished?.let {
            stringOf(StringKey.ConfirmOpenRecordText, UiText.GameName(it.game), it.turns + 1)
        }.orEmpty(),
        confirm = stringOf(StringKey.ActionOpenRecord),
        onConfirm = onOpen,
        onDismiss = onKeep,
    )
}
