package app.mills.ui.records

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.icons.MillsIcons

/**
 * Home's "Open a game record", as on iOS: paste one from the clipboard, or open a text file
 * with the system's document picker ([onOpenFile]; absent where there is none). A record
 * shared to the app or opened with it arrives by itself.
 */
@Composable
fun ImportRecordCard(onPaste: () -> Unit, onOpenFile: (() -> Unit)?, modifier: Modifier = Modifier) {
    Surface(
        shape = RoundedCornerShape(20.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(horizontal = 16.dp, vertical = 12.dp)) {
            Text(
                stringOf(StringKey.ImportRecord),
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.semantics { heading() },
            )
            Text(
                stringOf(StringKey.ImportRecordSummary),
                style = MaterialTheme.typography.bodySmall,
                color = MaterialTheme.colorScheme.onSurfaceVariant,
            )
            // the buttons wrap onto a second line at large font sizes
            FlowRow(
                Modifier.padding(top = 8.dp),
                horizontalArrangement = Arrangement.spacedBy(8.dp),
                verticalArrangement = Arrangement.spacedBy(4.dp),
            ) {
                // each button's own text is its TalkBack label; the icons are decoration
                OutlinedButton(onClick = onPaste, modifier = Modifier.testTag("import-record")) {
                    Icon(MillsIcons.Paste, contentDescription = null)
                    Spacer(Modifier.width(6.dp))
                    Text(stringOf(StringKey.ActionPaste))
                }
                onOpenFile?.let {
                    OutlinedButton(onClick = it, modifier = Modifier.testTag("import-record-file")) {
                        Icon(MillsIcons.TextFile, contentDescription = null)
                        Spacer(Modifier.width(6.dp))
                        Text(stringOf(StringKey.ImportRecordFile))
                    }
                }
            }
        }
    }
}
