package app.mills.ui.records

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.OverlayDialog
import androidx.compose.ui.unit.dp

/**
 * A record that could not be opened: the engine's reason in the user's language, with the
 * turn it is at (game/ErrorText.kt), and the reassurance that nothing was loaded.
 */
@Composable
fun ImportErrorDialog(error: UiText?, onDismiss: () -> Unit) {
    val title = stringOf(StringKey.ImportErrorTitle)
    OverlayDialog(error != null, title, onDismiss, Modifier.testTag("import-error")) {
        if (error == null) return@OverlayDialog
        Text(title, style = MaterialTheme.typography.headlineSmall)
        Spacer(Modifier.height(12.dp))
        Text(
            error.resolve(),
            style = MaterialTheme.typography.bodyLarge,
            modifier = Modifier
                .testTag("import-error-text")
                .semantics { liveRegion = LiveRegionMode.Assertive },
        )
        Spacer(Modifier.height(8.dp))
        Text(
            stringOf(StringKey.ImportErrorNothingLoaded),
            style = MaterialTheme.typography.bodyMedium,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
        )
        Spacer(Modifier.height(20.dp))
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.End, verticalAlignment = Alignment.CenterVertically) {
            Button(onClick = onDismiss, modifier = Modifier.testTag("import-error-ok")) { Text(stringOf(StringKey.ActionClose)) }
        }
    }
}
