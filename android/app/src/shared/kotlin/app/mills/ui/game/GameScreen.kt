package app.mills.ui.game

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
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import app.mills.game.GameUiState
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.board.Board
import app.mills.ui.components.BarIcon
import app.mills.ui.components.ConfirmDialog
import app.mills.ui.components.TopBar
import app.mills.ui.icons.MillsIcons
import app.mills.ui.records.RecordSheet
import uniffi.mills_ffi.Player

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
