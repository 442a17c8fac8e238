package app.mills.ui.online

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.shape.RoundedCornerShape
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
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.PieceIcon
import app.mills.ui.components.TimerRing
import app.mills.ui.icons.MillsIcons

/** Connecting, reconnecting or offline, above the board; nothing while connected. */
@Composable
internal fun ConnectionBanner(connection: ConnectionUi, onRetry: () -> Unit) {
    val text = when (connection) {
        ConnectionUi.Connected -> return
        ConnectionUi.Connecting -> stringOf(StringKey.OnlineConnecting)
        is ConnectionUi.Reconnecting -> stringOf(StringKey.OnlineReconnecting, connection.attempt)
        is ConnectionUi.Offline -> connection.why.resolve()
    }
    val offline = connection is ConnectionUi.Offline
    Surface(
        shape = RoundedCornerShape(12.dp),
        color = if (offline) MaterialTheme.colorScheme.errorContainer else MaterialTheme.colorScheme.secondaryContainer,
        contentColor = if (offline) MaterialTheme.colorScheme.onErrorContainer else MaterialTheme.colorScheme.onSecondaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Row(Modifier.padding(horizontal = 14.dp, vertical = 6.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                text,
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier
                    .weight(1f)
                    .testTag("connection-banner")
                    .semantics { liveRegion = LiveRegionMode.Polite },
            )
            if (connection is ConnectionUi.Offline && connection.canRetry) {
                TextButton(onClick = onRetry, modifier = Modifier.heightIn(min = 48.dp).testTag("online-retry")) {
                    Text(stringOf(StringKey.OnlineRetry))
                }
            }
        }
    }
}

/** The room waits for the friend: its code, large, and the share sheet. */
@Composable
internal fun WaitingPanel(code: String?, timerSeconds: Int?, canShare: Boolean, onShare: () -> Unit) {
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.primaryContainer,
        contentColor = MaterialTheme.colorScheme.onPrimaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(24.dp), verticalArrangement = Arrangement.spacedBy(12.dp), horizontalAlignment = Alignment.CenterHorizontally) {
            Text(stringOf(StringKey.OnlineWaiting), style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { heading() })
            if (code != null) {
                // read out character by character: a code is not a word
                val spelled = stringOf(StringKey.OnlineCodeShown, code.toList().joinToString(" "))
                Text(
                    code,
                    style = MaterialTheme.typography.displaySmall,
                    fontFamily = FontFamily.Monospace,
                    fontWeight = FontWeight.SemiBold,
                    modifier = Modifier.testTag("invite-code").clearAndSetSemantics { contentDescription = spelled },
                )
                if (timerSeconds != null) {
                    val timer = if (timerSeconds == 0) stringOf(StringKey.TimerOff) else stringOf(StringKey.TimerSeconds, timerSeconds)
                    Text(stringOf(StringKey.OnlineWaitingTimer, timer), modifier = Modifier.testTag("waiting-timer"))
                }
                Button(onClick = onShare, enabled = canShare, modifier = Modifier.heightIn(min = 48.dp).testTag("share-invite")) {
                    Icon(MillsIcons.Share, contentDescription = null)
                    Spacer(Modifier.width(8.dp))
                    Text(stringOf(StringKey.OnlineShareInvite))
                }
            }
        }
    }
}

/** A player beside the board: piece, "Bo (Black)", their counters, their turn clock. */
@Composable
internal fun SideRow(side: OnlineSideUi, active: Boolean) {
    val name = side.name.resolve()
    val away = when {
        side.online -> null
        side.awayMinutes == null -> stringOf(StringKey.OnlineOpponentAway, name)
        else -> stringOf(StringKey.OnlineOpponentAwayFor, name, awayFor(side.awayMinutes))
    }
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = if (active) MaterialTheme.colorScheme.secondaryContainer else MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth().testTag("online-side-${side.player.name}"),
    ) {
        Row(Modifier.padding(horizontal = 12.dp, vertical = 6.dp), verticalAlignment = Alignment.CenterVertically) {
            TimerRing(side.timer, Modifier.testTag("clock-${side.player.name}"), size = 44.dp) { PieceIcon(side.player, size = 24.dp) }
            Spacer(Modifier.width(12.dp))
            Column(Modifier.weight(1f).semantics(mergeDescendants = true) {}) {
                Text(name, style = MaterialTheme.typography.titleSmall, modifier = Modifier.testTag("name-${side.player.name}"))
                Text(
                    side.panel.summary.resolve(),
                    style = MaterialTheme.typography.bodySmall,
                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                    maxLines = 1,
                )
                away?.let {
                    Text(it, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("opponent-away"))
                }
            }
        }
    }
}

/** The finished game: who won and why, and the rematch (asked, or asked by the friend). */
@Composable
internal fun ResultPanel(state: OnlineUiState, onRematch: () -> Unit) {
    val result = state.result ?: return
    val friend = state.opponentName ?: stringOf(if (state.opponentBlocked) StringKey.OnlineOpponentBlocked else StringKey.OnlineOpponent)
    Surface(
        shape = RoundedCornerShape(20.dp),
        color = MaterialTheme.colorScheme.tertiaryContainer,
        contentColor = MaterialTheme.colorScheme.onTertiaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) {
            Column(Modifier.semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite }) {
                Text(result.resolve(), style = MaterialTheme.typography.titleLarge, modifier = Modifier.testTag("online-result"))
                state.resultReason?.let { Text(it.resolve(), style = MaterialTheme.typography.bodyMedium) }
            }
            when {
                // the server seats a blocked pair together nowhere: no rematch to offer
                state.opponentBlocked -> Unit
                state.rematchAskedByMe -> Text(stringOf(StringKey.OnlineRematchAsked, friend), modifier = Modifier.testTag("rematch-asked"))
                else -> {
                    if (state.rematchAskedByOpponent) Text(stringOf(StringKey.OnlineRematchOffered, friend), modifier = Modifier.testTag("rematch-offered"))
                    OutlinedButton(onClick = onRematch, modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("online-rematch")) {
                        Text(stringOf(StringKey.ActionRematch))
                    }
                }
            }
        }
    }
}

/** "under a minute", "2 min": how long the opponent has been away. */
@Composable
private fun awayFor(minutes: Int): String =
    if (minutes == 0) stringOf(StringKey.OnlineAwayUnderMinute) else stringOf(StringKey.OnlineAwayMinutes, minutes)
