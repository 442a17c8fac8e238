package app.mills.ui.game

import androidx.compose.foundation.gestures.detectHorizontalDragGestures
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.LocalHapticFeedback
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.semantics
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
import app.mills.ui.records.RecordSheet
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

    // issue 12: move list, review, hint, records (no-ops by default, e.g. for screenshots)
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
    val haptics = LocalHapticFeedback.current
    val sound = LocalSoundPlayer.current
    LaunchedEffect(viewModel, settings.sound, settings.haptics) {
        viewModel.effects.collect { effect ->
            if (settings.haptics) haptics.performHapticFeedback(hapticFor(effect))
            if (settings.sound) sound.play(effect)
        }
    }
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
    var confirmPlayFromHere by remember { mutableStateOf(false) }
    Surface(Modifier.fillMaxSize().testTag("game-screen"), color = MaterialTheme.colorScheme.background) {
        Box {
            Column(Modifier.fillMaxSize()) {
                TopBar(
                    title = state.title.resolve(),
                    subtitle = state.modeLabel.resolve(),
                    onBack = actions::onBack,
                ) {
                    BarIcon(MillsIcons.Share, stringOf(StringKey.ActionRecord), actions::onShowRecord, Modifier.testTag("record"))
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
                    val hint = HintButtonState(state.canHint, state.hintBusy, actions::onHint)
                    val controls = @Composable {
                        val review = state.review
                        if (review != null) {
                            ReviewControls(
                                review,
                                onBack = actions::onReviewBack,
                                onForward = actions::onReviewForward,
                                onPlayFromHere = { confirmPlayFromHere = true },
                                onExit = actions::onExitReview,
                            )
                        } else {
                            GameActions(
                                canUndo = state.canUndo,
                                canRedo = state.canRedo,
                                canResign = state.canResign,
                                onUndo = actions::onUndo,
                                onRedo = actions::onRedo,
                                onNewGame = { if (state.newGameNeedsConfirm) confirmNewGame = true else actions.onNewGame() },
                                onResign = { confirmResign = true },
                                hint = hint.takeIf { wide },
                            )
                        }
                    }
                    val board = @Composable { modifier: Modifier ->
                        Column(
                            modifier,
                            horizontalAlignment = Alignment.CenterHorizontally,
                            verticalArrangement = Arrangement.spacedBy(6.dp),
                        ) {
                            if (state.showEvaluation) EvaluationBar(state.evaluation, Modifier.widthIn(max = 560.dp))
                            Board(
                                state.board,
                                actions::onTap,
                                Modifier
                                    .weight(1f, fill = false)
                                    .swipeThroughTurns(
                                        actions::onReviewBack,
                                        actions::onReviewForward,
                                        canForward = state.review?.canForward == true,
                                    ),
                            )
                        }
                    }
                    if (wide) {
                        Row(
                            Modifier.fillMaxSize().padding(16.dp),
                            horizontalArrangement = Arrangement.spacedBy(20.dp, Alignment.CenterHorizontally),
                            verticalAlignment = Alignment.CenterVertically,
                        ) {
                            board(Modifier.fillMaxHeight().weight(1f, fill = false))
                            MoveList(state.moves, actions::onShowTurn, Modifier.width(200.dp).fillMaxHeight())
                            Column(
                                Modifier.widthIn(max = 420.dp).fillMaxHeight(),
                                verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
                            ) {
                                panels(state.farPlayer, true)
                                StatusLine(state)
                                panels(state.nearPlayer, false)
                                controls()
                            }
                        }
                    } else {
                        Column(
                            Modifier.fillMaxSize().padding(horizontal = 16.dp).padding(bottom = 12.dp),
                            verticalArrangement = Arrangement.spacedBy(8.dp),
                            horizontalAlignment = Alignment.CenterHorizontally,
                        ) {
                            panels(state.farPlayer, true)
                            Column(
                                Modifier.weight(1f).fillMaxWidth(),
                                verticalArrangement = Arrangement.spacedBy(6.dp, Alignment.CenterVertically),
                                horizontalAlignment = Alignment.CenterHorizontally,
                            ) {
                                board(Modifier.weight(1f, fill = false))
                                // in review the controls below say where the board is
                                if (state.review == null) StatusLine(state)
                                Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
                                    MovesToggle(state.moves, actions::onToggleMoves, Modifier.weight(1f))
                                    if (state.review == null) HintButton(hint)
                                }
                                if (state.moves.open) {
                                    MoveList(state.moves, actions::onShowTurn, Modifier.fillMaxWidth().heightIn(max = 190.dp))
                                }
                            }
                            panels(state.nearPlayer, false)
                            controls()
                        }
                    }
                }
            }
            ResultDialog(
                state.result,
                state.showResult,
                onRematch = actions::onNewGame,
                onDismiss = actions::onDismissResult,
                onReview = actions::onReviewGame,
            )
            RecordSheet(state.record, actions::onCopyRecord, actions::onShareRecord, actions::onCloseRecord)
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
            ConfirmDialog(
                visible = confirmPlayFromHere,
                title = stringOf(StringKey.ConfirmPlayFromHereTitle),
                text = stringOf(StringKey.ConfirmPlayFromHereText),
                confirm = stringOf(StringKey.ReviewPlayFromHere),
                onConfirm = {
                    confirmPlayFromHere = false
                    actions.onPlayFromHere()
                },
                onDismiss = { confirmPlayFromHere = false },
            )
        }
    }
}

/**
 * A horizontal swipe on the board steps through the game: to the right, one turn back (from
 * the live game, into review); to the left, one turn forward. Taps on points are untouched.
 * Screen readers get the same as the board's actions ("Previous", "Next").
 */
@Composable
private fun Modifier.swipeThroughTurns(onBack: () -> Unit, onForward: () -> Unit, canForward: Boolean): Modifier {
    val back by rememberUpdatedState(onBack)
    val forward by rememberUpdatedState(onForward)
    val threshold = with(LocalDensity.current) { 56.dp.toPx() }
    val previousLabel = stringOf(StringKey.ReviewPrevious)
    val nextLabel = stringOf(StringKey.ReviewNext)
    return semantics {
        customActions = listOfNotNull(
            CustomAccessibilityAction(previousLabel) {
                back()
                true
            },
            CustomAccessibilityAction(nextLabel) {
                forward()
                true
            }.takeIf { canForward },
        )
    }.pointerInput(Unit) {
        var total = 0f
        detectHorizontalDragGestures(
            onDragStart = { total = 0f },
            onDragEnd = {
                when {
                    total > threshold -> back()
                    total < -threshold -> forward()
                }
            },
        ) { _, amount -> total += amount }
    }
}
