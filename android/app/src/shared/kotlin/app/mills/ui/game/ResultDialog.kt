package app.mills.ui.game

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.width
import androidx.compose.material3.Button
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.mills.game.ResultUi
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.OverlayDialog
import app.mills.ui.components.PieceIcon
import app.mills.ui.icons.MillsIcons
import uniffi.mills_ffi.Player

/** The end of a game: who won and why, with a rematch. */
@Composable
fun ResultDialog(
    result: ResultUi?,
    visible: Boolean,
    onRematch: () -> Unit,
    onDismiss: () -> Unit,
    onReview: (() -> Unit)? = null,
) {
    val title = result?.title?.resolve().orEmpty()
    OverlayDialog(visible && result != null, title, onDismiss, Modifier.testTag("result")) {
        if (result == null) return@OverlayDialog
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.Center) {
            val winner = result.winner
            if (winner != null) {
                PieceIcon(winner, size = 56.dp)
            } else {
                PieceIcon(Player.P1, size = 48.dp)
                PieceIcon(Player.P2, size = 48.dp)
            }
        }
        Spacer(Modifier.height(12.dp))
        Text(
            title,
            style = MaterialTheme.typography.headlineMedium,
            textAlign = TextAlign.Center,
            modifier = Modifier
                .fillMaxWidth()
                .testTag("result-title")
                .semantics { liveRegion = LiveRegionMode.Assertive },
        )
        result.reason?.let {
            Spacer(Modifier.height(8.dp))
            Text(
                it.resolve(),
                style = MaterialTheme.typography.bodyLarge,
                color = MaterialTheme.colorScheme.onSurfaceVariant,
                textAlign = TextAlign.Center,
                modifier = Modifier.fillMaxWidth().testTag("result-reason"),
            )
        }
        Spacer(Modifier.height(4.dp))
        Text(
            stringOf(StringKey.ResultTurns, result.turns),
            style = MaterialTheme.typography.labelLarge,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            textAlign = TextAlign.Center,
            modifier = Modifier.fillMaxWidth(),
        )
        Text(
            stringOf(StringKey.HintsUsed, result.hintsUsed),
            style = MaterialTheme.typography.labelLarge,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            textAlign = TextAlign.Center,
            modifier = Modifier.fillMaxWidth().testTag("result-hints"),
        )
        Spacer(Modifier.height(24.dp))
        // step through the finished game
        if (onReview != null) {
            OutlinedButton(onClick = onReview, modifier = Modifier.fillMaxWidth().testTag("result-review")) {
                Icon(MillsIcons.Moves, contentDescription = null)
                Spacer(Modifier.width(8.dp))
                Text(stringOf(StringKey.ActionReview))
            }
            Spacer(Modifier.height(12.dp))
        }
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(12.dp, Alignment.CenterHorizontally)) {
            OutlinedButton(onClick = onDismiss) { Text(stringOf(StringKey.ActionViewBoard)) }
            Button(onClick = onRematch, modifier = Modifier.testTag("rematch")) {
                Icon(MillsIcons.Refresh, contentDescription = null)
                Spacer(Modifier.width(8.dp))
                Text(stringOf(StringKey.ActionRematch))
            }
        }
    }
}
