package app.mills.ui.online

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.components.ConfirmDialog
import app.mills.ui.components.OverlayDialog
import uniffi.mills_ffi.ReportReason

/** Which question about the opponent is open: the report's reason, or the block's confirmation. */
enum class Moderating { Report, Block }

/** The report's reasons as the picker lists them (the engine's closed list). */
internal val reportReasons = listOf(
    ReportReason.OFFENSIVE_NAME to StringKey.OnlineReportOffensiveName,
    ReportReason.CHEATING_OR_ABUSE to StringKey.OnlineReportCheating,
    ReportReason.OTHER to StringKey.OnlineReportOther,
)

/** Report and Block, under the game and on the result: each opens its question ([onAsk]). */
@Composable
internal fun ModerationRow(state: OnlineUiState, onAsk: (Moderating) -> Unit) {
    if (!state.canReport) return
    val report = stringOf(StringKey.OnlineReportDescription)
    val block = stringOf(StringKey.OnlineBlockDescription)
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp, Alignment.End)) {
        TextButton(
            onClick = { onAsk(Moderating.Report) },
            modifier = Modifier.heightIn(min = 48.dp).testTag("online-report").semantics { contentDescription = report },
        ) { Text(stringOf(StringKey.OnlineReport)) }
        if (!state.opponentBlocked) {
            TextButton(
                onClick = { onAsk(Moderating.Block) },
                modifier = Modifier.heightIn(min = 48.dp).testTag("online-block").semantics { contentDescription = block },
            ) { Text(stringOf(StringKey.OnlineBlock)) }
        }
    }
}

/** The open question: the report's reason picker, or the block's confirmation; [onClose] closes it. */
@Composable
internal fun ModerationDialogs(open: Moderating?, actions: OnlineGameActions, onClose: () -> Unit) {
    val title = stringOf(StringKey.OnlineReportTitle)
    OverlayDialog(open == Moderating.Report, title, onDismiss = onClose) {
        Text(title, style = MaterialTheme.typography.headlineSmall)
        Spacer(Modifier.height(16.dp))
        reportReasons.forEach { (reason, key) ->
            OutlinedButton(
                onClick = {
                    onClose()
                    actions.onReport(reason)
                },
                modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("report-reason-${reason.name}"),
            ) { Text(stringOf(key)) }
            Spacer(Modifier.height(8.dp))
        }
        TextButton(onClick = onClose, modifier = Modifier.align(Alignment.End).heightIn(min = 48.dp)) {
            Text(stringOf(StringKey.ActionCancel))
        }
    }
    ConfirmDialog(
        visible = open == Moderating.Block,
        title = stringOf(StringKey.OnlineBlockTitle),
        text = stringOf(StringKey.OnlineBlockText),
        confirm = stringOf(StringKey.OnlineBlock),
        onConfirm = {
            onClose()
            actions.onBlock()
        },
        onDismiss = onClose,
    )
}
