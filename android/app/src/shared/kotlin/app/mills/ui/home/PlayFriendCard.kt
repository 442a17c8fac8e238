package app.mills.ui.home

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.icons.MillsIcons

/**
 * Home's entry to "Play a friend": a game online, by invite. With [onlineReturn] (an online
 * game the app was killed during), it first offers the way back to it, and to forget it.
 * With [onSetServer] (no server set or built in) it says what is missing and leads to the
 * server field in Settings, so the card is never a dead end.
 */
@Composable
internal fun PlayFriendCard(
    onOpen: () -> Unit,
    onlineReturn: OnlineReturn? = null,
    onReturn: () -> Unit = {},
    onForget: () -> Unit = {},
    onSetServer: (() -> Unit)? = null,
) {
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.secondaryContainer,
        contentColor = MaterialTheme.colorScheme.onSecondaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column {
            onlineReturn?.let { ReturnRow(it, onReturn, onForget) }
            OpenRow(onOpen)
            onSetServer?.let { NeedsServerRow(it) }
        }
    }
}

/** "No server yet: online play needs one", and Set a server (Settings, at the field). */
@Composable
private fun NeedsServerRow(onSetServer: () -> Unit) {
    val description = stringOf(StringKey.HomeSetServerDescription)
    Column(
        Modifier.padding(start = 20.dp, end = 20.dp, bottom = 16.dp),
    ) {
        Text(
            stringOf(StringKey.HomeNeedsServer),
            style = MaterialTheme.typography.bodyMedium,
            modifier = Modifier.testTag("home-needs-server"),
        )
        Spacer(Modifier.height(8.dp))
        FilledTonalButton(
            onClick = onSetServer,
            modifier = Modifier
                .heightIn(min = 48.dp)
                .testTag("home-set-server")
                .semantics { contentDescription = description },
        ) {
            Text(stringOf(StringKey.HomeSetServer))
        }
    }
}

/** "Return to your game with Bo", and Forget beside it. */
@Composable
private fun ReturnRow(online: OnlineReturn, onReturn: () -> Unit, onForget: () -> Unit) {
    val label = online.opponentName?.let { stringOf(StringKey.HomeOnlineReturnWith, it) }
        ?: stringOf(StringKey.HomeOnlineReturn)
    val forgetLabel = stringOf(StringKey.HomeOnlineForgetDescription)
    Row(
        Modifier.padding(start = 8.dp, end = 8.dp, top = 8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Row(
            Modifier
                .weight(1f)
                .clip(RoundedCornerShape(16.dp))
                .clickable(role = Role.Button, onClick = onReturn)
                .semantics(mergeDescendants = true) {}
                .testTag("online-return")
                .heightIn(min = 56.dp)
                .padding(horizontal = 12.dp, vertical = 8.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            Icon(MillsIcons.Play, contentDescription = null, modifier = Modifier.size(28.dp))
            Spacer(Modifier.width(12.dp))
            Column {
                Text(label, style = MaterialTheme.typography.titleMedium)
                if (online.yourTurn) {
                    Text(stringOf(StringKey.HomeOnlineYourTurn), style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("online-your-turn"))
                }
            }
        }
        TextButton(
            onClick = onForget,
            modifier = Modifier
                .testTag("online-forget")
                .heightIn(min = 48.dp)
                .semantics { contentDescription = forgetLabel },
        ) {
            Text(stringOf(StringKey.HomeOnlineForget))
        }
    }
}

@Composable
private fun OpenRow(onOpen: () -> Unit) {
    Row(
        Modifier
            .fillMaxWidth()
            .clickable(role = Role.Button, onClick = onOpen)
            .semantics(mergeDescendants = true) {}
            .testTag("play-friend-online")
            .heightIn(min = 72.dp)
            .padding(horizontal = 20.dp, vertical = 14.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Icon(MillsIcons.Share, contentDescription = null, modifier = Modifier.size(32.dp))
        Spacer(Modifier.width(16.dp))
        Column(Modifier.weight(1f)) {
            Text(stringOf(StringKey.HomePlayFriend), style = MaterialTheme.typography.titleLarge, modifier = Modifier.semantics { heading() })
            Text(stringOf(StringKey.HomePlayFriendSummary), style = MaterialTheme.typography.bodyMedium)
        }
        Icon(MillsIcons.Next, contentDescription = null)
    }
}
