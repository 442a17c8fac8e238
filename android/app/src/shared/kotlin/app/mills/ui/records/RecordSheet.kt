package app.mills.ui.records

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.unit.dp
import app.mills.game.RecordUi
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.components.OverlayDialog
import app.mills.ui.icons.MillsIcons

/**
 * The game as a text record (the engine's format, docs/records.md), to copy or to share with
 * the platform's share sheet; the hints used are in its header and said here too.
 */
@Composable
fun RecordSheet(record: RecordUi?, onCopy: () -> Unit, onShare: (subject: String) -> Unit, onClose: () -> Unit) {
    val title = stringOf(StringKey.RecordTitle)
    val subject = stringOf(StringKey.RecordShareSubject)
    OverlayDialog(record != null, title, onClose, Modifier.testTag("record-sheet")) {
        if (record == null) return@OverlayDialog
        Text(title, style = MaterialTheme.typography.headlineSmall)
        Spacer(Modifier.height(4.dp))
        Text(
            stringOf(StringKey.HintsUsed, record.hintsUsed),
            style = MaterialTheme.typography.bodyMedium,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            modifier = Modifier.testTag("record-hints"),
        )
        Spacer(Modifier.height(12.dp))
        Surface(shape = RoundedCornerShape(12.dp), color = MaterialTheme.colorScheme.surfaceContainerLowest) {
            Text(
                record.text,
                style = MaterialTheme.typography.bodySmall.copy(fontFamily = FontFamily.Monospace),
                modifier = Modifier
                    .fillMaxWidth()
                    .heightIn(max = 260.dp)
                    .verticalScroll(rememberScrollState())
                    .padding(12.dp)
                    .testTag("record-text"),
            )
        }
        Spacer(Modifier.height(16.dp))
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp, Alignment.End)) {
            TextButton(onClick = onClose, modifier = Modifier.testTag("record-close")) { Text(stringOf(StringKey.ActionClose)) }
            OutlinedButton(onClick = onCopy, modifier = Modifier.testTag("record-copy")) {
                Icon(MillsIcons.Copy, contentDescription = null)
                Spacer(Modifier.width(6.dp))
                Text(stringOf(StringKey.ActionCopy))
            }
            Button(onClick = { onShare(subject) }, modifier = Modifier.testTag("record-share")) {
                Icon(MillsIcons.Share, contentDescription = null)
                Spacer(Modifier.width(6.dp))
                Text(stringOf(StringKey.ActionShare))
            }
        }
    }
}
