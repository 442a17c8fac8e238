package app.mills.ui.game

import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.platform.LocalHapticFeedback
import app.mills.data.UserSettings
import app.mills.game.GameEffect
import app.mills.ui.components.LocalSoundPlayer
import kotlinx.coroutines.flow.Flow
import uniffi.mills_ffi.GameId

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

    // move list, review, hint, records (no-ops by default, e.g. for screenshots)
    fun onToggleMoves() {}
    fun onShowTurn(index: Int) {}
    fun onReviewBack() {}
    fun onReviewForward() {}
    fun onExitReview() {}
    fun onPlayFromHere() {}
    fun onReviewGame() {}
    fun onHint() {}
    fun onShowRecord() {}
    fun onCloseRecord() {}
    fun onCopyRecord() {}
    fun onShareRecord(subject: String) {}
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
    PlayFeedback(viewModel.effects, settings)
    // leaving the game screen stops a hint being searched for
    DisposableEffect(viewModel) { onDispose { viewModel.stopHint() } }
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
            override fun onToggleMoves() = viewModel.toggleMoves()
            override fun onShowTurn(index: Int) = viewModel.showTurn(index)
            override fun onReviewBack() = viewModel.reviewBack()
            override fun onReviewForward() = viewModel.reviewForward()
            override fun onExitReview() = viewModel.exitReview()
            override fun onPlayFromHere() = viewModel.playFromHere()
            override fun onReviewGame() = viewModel.reviewGame()
            override fun onHint() = viewModel.onHint()
            override fun onShowRecord() = viewModel.showRecord()
            override fun onCloseRecord() = viewModel.closeRecord()
            override fun onCopyRecord() = viewModel.copyRecord()
            override fun onShareRecord(subject: String) = viewModel.shareRecord(subject)
        },
    )
}

/** Plays [effects] as sounds and haptics, each as the player's settings allow, while shown. */
@Composable
internal fun PlayFeedback(effects: Flow<GameEffect>, settings: UserSettings) {
    val haptics = LocalHapticFeedback.current
    val sound = LocalSoundPlayer.current
    LaunchedEffect(effects, settings.sound, settings.haptics) {
        effects.collect { effect ->
            if (settings.haptics) haptics.performHapticFeedback(hapticFor(effect))
            if (settings.sound) sound.play(effect)
        }
    }
}

internal fun hapticFor(effect: GameEffect): HapticFeedbackType = when (effect) {
    GameEffect.Refused -> HapticFeedbackType.Reject
    GameEffect.Place -> HapticFeedbackType.SegmentTick
    GameEffect.Won, GameEffect.Mill, GameEffect.Remove, GameEffect.Stable -> HapticFeedbackType.Confirm
    else -> HapticFeedbackType.LongPress
}
