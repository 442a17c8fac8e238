package app.mills.ui.game

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.platform.LocalHapticFeedback
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import app.mills.data.UserSettings
import app.mills.game.GameEffect
import app.mills.game.GameUiState
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.board.Board
import app.mills.ui.components.BarIcon
import app.mills.ui.components.ConfirmDialog
import app.mills.ui.components.LocalSoundPlayer
import app.mills.ui.components.TopBar
import app.mills.ui.icons.MillsIcons
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player

/** What the game screen can ask for. */
interface GameScreenActions {
    fun onTap(point: String)
    fun onUndo()
    fun onRedo()
    fun onNewGame()
    fun onResign()
    fun onDismissResult()
    fun onBack()
    fun onSettings()
    fun onRules(game: GameId)
}

/** The game screen bound to its view model: state in, taps out, sounds and haptics played. */
@Composable
fun GameRoute(
    viewModel: GameViewModel,
    settings: UserSettings,
    onBack: () -> Unit,
    onSettings: () -> Unit,
    onRules: (GameId) -> Unit,
) {
    val state by viewModel.uiState.collectAsState()
    val haptics = LocalHapticFeedback.current
    val sound = LocalSoundPlayer.current
    LaunchedEffect(viewModel, settings.sound, settings.haptics) {
        viewModel.effects.collect { effect ->
            if (settings.haptics) haptics.performHapticFeedback(hapticFor(effect))
            if (settings.sound) sound.play(effect)
        }
    }
    val current = state ?: return
    GameScreen(
        current,
        object : GameScreenActions {
            override fun onTap(point: String) = viewModel.onPointTap(point)
            override fun onUndo() = viewModel.undo()
            override fun onRedo() = viewModel.redo()
            override fun onNewGame() = viewModel.newGame()
            override fun onResign() = viewModel.resign()
            override fun onDismissResult() = viewModel.dismissResult()
            override fun onBack() = onBack()
            override fun onSettings() = onSettings()
            override fun onRules(game: GameId) = onRules(game)
        },
    )
}

internal fun hapticFor(effect: GameEffect): HapticFeedbackType = when (effect) {
    GameEffect.Refused -> HapticFeedbackType.Reject
    GameEffect.Place -> HapticFeedbackType.SegmentTick
    GameEffect.Won, GameEffect.Mill, GameEffect.Remove, GameEffect.Stable -> HapticFeedbackType.Confirm
    else -> HapticFeedbackType.LongPress
}

/**
 * The game: the board with a panel for each side around it. Phones stack them; wide screens
 * (tablets, landscape) put the panels beside the board. Face to face (pass-and-play), the far
 * panel is turned 180° toward the player across the table.
 */
@Composable
fun GameScreen(state: GameUiState, actions: GameScreenActions) {
    var confirmResign by remember { mutableStateOf(false) }
    var confirmNewGame by remember { mutableStateOf(false) }
    Surface(Modifier.fillMaxSize().testTag("game-screen"), color = MaterialTheme.colorScheme.background) {
        Box {
            Column(Modifier.fillMaxSize()) {
                TopBar(
                    title = state.title.resolve(),
                    subtitle = state.modeLabel.resolve(),
                    onBack = actions::onBack,
                ) {
                    BarIcon(MillsIcons.Help, stringOf(StringKey.ActionRules), { actions.onRules(state.game) }, Modifier.testTag("rules"))
                    BarIcon(MillsIcons.Settings, stringOf(StringKey.ActionSettings), actions::onSettings, Modifier.testTag("settings"))
                }
                BoxWithConstraints(Modifier.fillMaxSize()) {
                    val wide = maxWidth >= 600.dp && maxWidth > maxHeight * 1.15f
                    val panels = @Composable { player: Player, far: Boolean ->
                        PlayerPanel(
                            state.player(player),
                            state.timer,
                            state.thinking,
                            Modifier.rotate(if (far && state.faceToFace) 180f else 0f),
                        )
                    }
                    val gameActions = @Composable {
                        GameActions(
                            canUndo = state.canUndo,
                            canRedo = state.canRedo,
                            canResign = state.canResign,
                            onUndo = actions::onUndo,
                            onRedo = actions::onRedo,
                            onNewGame = { confirmNewGame = true },
                            onResign = { confirmResign = true },
                        )
                    }
                    if (wide) {
                        Row(
                            Modifier.fillMaxSize().padding(16.dp),
                            horizontalArrangement = Arrangement.spacedBy(24.dp, Alignment.CenterHorizontally),
                            verticalAlignment = Alignment.CenterVertically,
                        ) {
                            Board(state.board, actions::onTap, Modifier.fillMaxHeight())
                            Column(
                                Modifier.widthIn(max = 440.dp).fillMaxHeight(),
                                verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
                            ) {
                                panels(state.farPlayer, true)
                                StatusLine(state)
                                panels(state.nearPlayer, false)
                                gameActions()
                            }
                        }
                    } else {
                        Column(
                            Modifier.fillMaxSize().padding(horizontal = 16.dp).padding(bottom = 12.dp),
                            verticalArrangement = Arrangement.spacedBy(10.dp),
                            horizontalAlignment = Alignment.CenterHorizontally,
                        ) {
                            panels(state.farPlayer, true)
                            Column(
                                Modifier.weight(1f).fillMaxWidth(),
                                verticalArrangement = Arrangement.spacedBy(8.dp, Alignment.CenterVertically),
                                horizontalAlignment = Alignment.CenterHorizontally,
                            ) {
                                Board(state.board, actions::onTap, Modifier.weight(1f, fill = false))
                                StatusLine(state)
                            }
                            panels(state.nearPlayer, false)
                            gameActions()
                        }
                    }
                }
            }
            ResultDialog(state.result, state.showResult, onRematch = actions::onNewGame, onDismiss = actions::onDismissResult)
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
            ConfirmDialog(
                visible = confirmNewGame,
                title = stringOf(StringKey.ConfirmNewGameTitle),
                text = stringOf(StringKey.ConfirmNewGameText),
                confirm = stringOf(StringKey.ActionNewGame),
                onConfirm = {
                    confirmNewGame = false
                    actions.onNewGame()
                },
                onDismiss = { confirmNewGame = false },
            )
        }
    }
}
