package app.mills.ui.online

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.text.KeyboardActions
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.text.input.KeyboardCapitalization
import androidx.compose.ui.unit.dp
import app.mills.data.EngineChoices
import app.mills.data.RulesCatalog
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.TopBar
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/** What "Play a friend" can ask for. */
interface PlayFriendActions {
    fun onGame(game: GameId)
    fun onTimer(timer: TurnTimer)
    fun onCode(code: String)
    fun onCreate()
    fun onJoin()
    fun onSettings()
    fun onBack()
}

@Composable
fun PlayFriendRoute(viewModel: PlayFriendViewModel, actions: PlayFriendActions) {
    val state by viewModel.uiState.collectAsState()
    PlayFriendScreen(state, actions)
}

/**
 * Create a room (the game, the turn timer) and invite a friend, or join a friend's room with
 * the code or link they sent. Without a server address it says that online play needs one.
 */
@Composable
fun PlayFriendScreen(state: PlayFriendUiState, actions: PlayFriendActions) {
    Surface(Modifier.fillMaxSize().testTag("play-friend-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(stringOf(StringKey.OnlineTitle), onBack = actions::onBack)
            Box(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
                Column(
                    Modifier
                        .widthIn(max = 640.dp)
                        .fillMaxWidth()
                        .verticalScroll(rememberScrollState())
                        .padding(horizontal = 16.dp, vertical = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(16.dp),
                ) {
                    if (state.needsServer) {
                        Card(stringOf(StringKey.OnlineTitle)) {
                            Text(stringOf(StringKey.OnlineNeedsServer), modifier = Modifier.testTag("needs-server"))
                            Button(onClick = actions::onSettings, modifier = Modifier.heightIn(min = 48.dp).testTag("open-settings")) {
                                Text(stringOf(StringKey.OnlineOpenSettings))
                            }
                        }
                    }
                    state.error?.let { Error(it) }
                    Card(stringOf(StringKey.OnlineCreateTitle)) {
                        FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                            RulesCatalog.games.forEach { game ->
                                FilterChip(
                                    selected = game == state.game,
                                    onClick = { actions.onGame(game) },
                                    label = { Text(UiText.GameName(game).resolve()) },
                                    modifier = Modifier.heightIn(min = 48.dp).testTag("online-game-${game.name}"),
                                )
                            }
                        }
                        Text(stringOf(StringKey.OnlineTimer), style = MaterialTheme.typography.bodyLarge)
                        FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                            state.timers.forEach { timer ->
                                FilterChip(
                                    selected = timer == state.timer,
                                    onClick = { actions.onTimer(timer) },
                                    label = { Text(timerLabel(timer)) },
                                    modifier = Modifier.heightIn(min = 48.dp).testTag("online-timer-${timer.name}"),
                                )
                            }
                        }
                        Button(
                            onClick = actions::onCreate,
                            enabled = !state.needsServer,
                            modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("online-create"),
                        ) {
                            Text(stringOf(StringKey.OnlineCreate))
                        }
                    }
                    Card(stringOf(StringKey.OnlineJoinTitle)) {
                        OutlinedTextField(
                            value = state.code,
                            onValueChange = actions::onCode,
                            label = { Text(stringOf(StringKey.OnlineCodeLabel)) },
                            singleLine = true,
                            keyboardOptions = KeyboardOptions(capitalization = KeyboardCapitalization.Characters, imeAction = ImeAction.Go),
                            keyboardActions = KeyboardActions(onGo = { actions.onJoin() }),
                            modifier = Modifier.fillMaxWidth().testTag("online-code"),
                        )
                        OutlinedButton(
                            onClick = actions::onJoin,
                            enabled = !state.needsServer && state.code.isNotBlank(),
                            modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("online-join"),
                        ) {
                            Text(stringOf(StringKey.OnlineJoin))
                        }
                    }
                }
            }
        }
    }
}

@Composable
internal fun timerLabel(timer: TurnTimer): String = when (timer) {
    TurnTimer.OFF -> stringOf(StringKey.TimerOff)
    else -> stringOf(StringKey.TimerSeconds, EngineChoices.seconds(timer))
}

@Composable
private fun Error(message: UiText) {
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = MaterialTheme.colorScheme.errorContainer,
        contentColor = MaterialTheme.colorScheme.onErrorContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Text(
            message.resolve(),
            modifier = Modifier
                .padding(14.dp)
                .testTag("online-error")
                .semantics { liveRegion = LiveRegionMode.Polite },
        )
    }
}

@Composable
private fun Card(title: String, content: @Composable ColumnScope.() -> Unit) {
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(20.dp), verticalArrangement = Arrangement.spacedBy(10.dp)) {
            Text(
                title,
                style = MaterialTheme.typography.titleMedium,
                color = MaterialTheme.colorScheme.primary,
                modifier = Modifier.semantics { heading() },
            )
            content()
        }
    }
}
