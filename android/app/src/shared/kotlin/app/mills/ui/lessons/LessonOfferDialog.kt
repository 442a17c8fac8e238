package app.mills.ui.lessons

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.OverlayDialog
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.lessons

/**
 * "Learn to play Zhi Qi?": offered once per game, the first time the player opens it. Start
 * opens the course; Not now plays the game. A tap beside the card only closes it (asked again).
 */
@Composable
fun LessonOfferDialog(game: GameId?, onStart: (GameId) -> Unit, onNotNow: (GameId) -> Unit, onDismiss: () -> Unit) {
    val shown = game ?: GameId.ZHIQI
    val name = UiText.GameName(shown).resolve()
    val title = stringOf(StringKey.LessonOfferTitle, name)
    val count = lessons(shown, LocalStrings.current.rulesLocale).size
    OverlayDialog(visible = game != null, title = title, onDismiss = onDismiss, modifier = Modifier.testTag("lesson-offer")) {
        Text(title, style = MaterialTheme.typography.headlineSmall)
        Spacer(Modifier.height(12.dp))
        Text(
            stringOf(StringKey.LessonOfferText, count),
            style = MaterialTheme.typography.bodyLarge,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
        )
        Spacer(Modifier.height(24.dp))
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp, Alignment.End)) {
            TextButton(onClick = { onNotNow(shown) }, modifier = Modifier.heightIn(min = 48.dp).testTag("offer-not-now")) {
                Text(stringOf(StringKey.LessonOfferNotNow))
            }
            Button(onClick = { onStart(shown) }, modifier = Modifier.heightIn(min = 48.dp).testTag("offer-start")) {
                Text(stringOf(StringKey.LessonOfferStart))
            }
        }
    }
}
