package app.mills.ui.online

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.foundation.layout.Spacer
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.delay
import app.mills.data.UserSettings
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.board.Board
import app.mills.ui.components.ConfirmDialog
import app.mills.ui.components.OverlayDialog
import app.mills.ui.components.TopBar
import app.mills.ui.game.PlayFeedback

/** What the room's screen can ask for. */
interface OnlineGameActions {
    fun onTap(point: String)
    fun onShare()
    fun onResign()
    fun onRematch()
    fun onRetry()
    fun onBack()
    fun onReport(reason: uniffi.mills_ffi.ReportReason)
    fun onBlock()
}

/**
 * The room's screen bound to its view model, with the sounds and haptics of its changes, and
 * the questions about an invite opened during the game ([onInviteAnswer]: true to leave for it)
 * and about going back during it ([asksToLeave], answered in [onLeaveAnswer]).
 */
@Composable
fun OnlineGameRoute(
    viewModel: OnlineGameViewModel,
    settings: UserSettings,
    onBack: () -> Unit,
    onInviteAnswer: (leave: Boolean) -> Unit,
    asksToLeave: Boolean = false,
    onLeaveAnswer: (LeaveAnswer) -> Unit = {},
) {
    val state by viewModel.uiState.collectAsState()
    val invite by viewModel.inviteToConfirm.collectAsState()
    val strings = LocalStrings.current
    PlayFeedback(viewModel.effects, settings)
    val current = state ?: return
    // "away · 2 min" moves on with no event from the session: read it again while it is shown
    val opponentAway = current.sides.any { it.awayMinutes != null }
    LaunchedEffect(opponentAway) {
        while (opponentAway) {
            delay(AWAY_REFRESH_MS)
            viewModel.refresh()
        }
    }
    // the question drawn over the screen (an overlay in the layout, so after it)
    Box(Modifier.fillMaxSize()) {
        OnlineGameScreen(
            current,
            object : OnlineGameActions {
                override fun onTap(point: String) = viewModel.onPointTap(point)
                override fun onShare() = viewModel.shareInvite(strings)
                override fun onResign() = viewModel.resign()
                override fun onRematch() = viewModel.rematch()
                override fun onRetry() = viewModel.retry()
                override fun onBack() = onBack()
                override fun onReport(reason: uniffi.mills_ffi.ReportReason) = viewModel.report(reason)
                override fun onBlock() = viewModel.block()
            },
        )
        ConfirmDialog(
            visible = invite != null,
            title = stringOf(StringKey.OnlineInviteLeaveTitle),
            text = stringOf(StringKey.OnlineInviteLeaveText),
            confirm = stringOf(StringKey.OnlineInviteLeaveConfirm),
            onConfirm = { onInviteAnswer(true) },
            onDismiss = { onInviteAnswer(false) },
        )
        LeaveDialog(asksToLeave, onLeaveAnswer)
    }
}

/** How often "away · N min" is read again: a few times a minute keeps it right to the minute. */
private const val AWAY_REFRESH_MS = 15_000L

/** Going back during a game: keep the room open (Home leads back to it), leave it, or stay. */
enum class LeaveAnswer { Keep, Leave, Stay }

@Composable
private fun LeaveDialog(visible: Boolean, onAnswer: (LeaveAnswer) -> Unit) {
    val title = stringOf(StringKey.OnlineLeaveTitle)
    OverlayDialog(visible, title, onDismiss = { onAnswer(LeaveAnswer.Stay) }) {
        Text(title, style = MaterialTheme.typography.headlineSmall)
        Spacer(Modifier.height(12.dp))
        Text(stringOf(StringKey.OnlineLeaveText), style = MaterialTheme.typography.bodyLarge, color = MaterialTheme.colorScheme.onSurfaceVariant)
        Spacer(Modifier.height(24.dp))
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp, Alignment.End)) {
            TextButton(onClick = { onAnswer(LeaveAnswer.Leave) }, modifier = Modifier.heightIn(min = 48.dp).testTag("online-leave")) {
                Text(stringOf(StringKey.OnlineLeaveConfirm))
            }
            Button(onClick = { onAnswer(LeaveAnswer.Keep) }, modifier = Modifier.heightIn(min = 48.dp).testTag("online-keep")) {
                Text(stringOf(StringKey.OnlineLeaveKeep))
            }
        }
    }
}

/**
 * A game with a friend on the server: the connection banner, then the invite while the room
 * waits; once both sit, the friend's row (name, clock), the board with the game's taps and
 * animations, this device's row, what to do now, and Resign; at the end the result and Rematch.
 * Wide screens put the board beside the rest.
 */
@Composable
fun OnlineGameScreen(state: OnlineUiState, actions: OnlineGameActions) {
    var confirmResign by remember { mutableStateOf(false) }
    var moderating by remember { mutableStateOf<Moderating?>(null) }
    val ask = { question: Moderating -> moderating = question }
    val title = state.game?.let { UiText.GameName(it).resolve() } ?: stringOf(StringKey.OnlineTitle)
    val subtitle = state.opponentName?.let { stringOf(StringKey.OnlineSubtitle, it) }
    Surface(Modifier.fillMaxSize().testTag("online-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(title = title, subtitle = subtitle, onBack = actions::onBack)
            Column(Modifier.padding(horizontal = 16.dp)) { ConnectionBanner(state.connection, actions::onRetry) }
            val board = state.board
            if (state.waiting || board == null) {
                Box(Modifier.fillMaxSize().padding(16.dp), contentAlignment = Alignment.TopCenter) {
                    Box(Modifier.widthIn(max = 560.dp)) { WaitingPanel(state.code, state.timerSeconds, state.link != null, actions::onShare) }
                }
            } else {
                BoxWithConstraints(Modifier.fillMaxSize()) {
                    val wide = maxWidth >= 600.dp && maxWidth > maxHeight * 1.15f
                    if (wide) {
                        Row(
                            Modifier.fillMaxSize().padding(16.dp),
                            horizontalArrangement = Arrangement.spacedBy(24.dp, Alignment.CenterHorizontally),
                            verticalAlignment = Alignment.CenterVertically,
                        ) {
                            Board(board, actions::onTap, Modifier.fillMaxHeight())
                            Column(
                                Modifier.widthIn(max = 440.dp).fillMaxHeight().verticalScroll(rememberScrollState()),
                                verticalArrangement = Arrangement.spacedBy(10.dp, Alignment.CenterVertically),
                            ) {
                                state.sides.forEach { SideRow(it, active = it.timer?.running == true || (it == state.sides.last() && state.myTurn)) }
                                Status(state)
                                Controls(state, actions, ask) { confirmResign = true }
                            }
                        }
                    } else {
                        Column(
                            Modifier.fillMaxSize().padding(horizontal = 16.dp).padding(top = 8.dp, bottom = 12.dp),
                            verticalArrangement = Arrangement.spacedBy(8.dp),
                            horizontalAlignment = Alignment.CenterHorizontally,
                        ) {
                            SideRow(state.sides.first(), active = !state.myTurn && state.result == null)
                            Board(board, actions::onTap, Modifier.weight(1f, fill = false))
                            SideRow(state.sides.last(), active = state.myTurn)
                            Status(state)
                            Controls(state, actions, ask) { confirmResign = true }
                        }
                    }
                }
            }
        }
        ConfirmDialog(
            visible = confirmResign,
            title = stringOf(StringKey.ConfirmResignTitle),
            text = stringOf(StringKey.ConfirmResignText),
            confirm = stringOf(StringKey.ActionResign),
            onConfirm = {
                confirmResign = false
                actions.onResign()
            },
            onDismiss = { confirmResign = false },
        )
        ModerationDialogs(moderating, actions) { moderating = null }
    }
}

/** What to do now (or whom we wait for), and why the last tap did nothing. */
@Composable
private fun Status(state: OnlineUiState) {
    Column(Modifier.fillMaxWidth().semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite }) {
        state.prompt?.let { Text(it.resolve(), style = MaterialTheme.typography.titleMedium, modifier = Modifier.testTag("online-prompt")) }
        state.message?.let {
            Text(it.resolve(), style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("online-message"))
        }
    }
}

@Composable
private fun Controls(state: OnlineUiState, actions: OnlineGameActions, onAsk: (Moderating) -> Unit, onResign: () -> Unit) {
    ResultPanel(state, actions::onRematch)
    if (state.canResign) {
        OutlinedButton(onClick = onResign, modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("online-resign")) {
            Text(stringOf(StringKey.ActionResign))
        }
    }
    ModerationRow(state, onAsk)
}
