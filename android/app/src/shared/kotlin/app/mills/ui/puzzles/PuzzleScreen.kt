package app.mills.ui.puzzles

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
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
import androidx.compose.ui.unit.dp
import app.mills.data.UserSettings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.board.Board
import app.mills.ui.components.TimerRing
import app.mills.ui.components.TopBar
import app.mills.ui.game.PlayFeedback
import app.mills.ui.lessons.LessonSides

/** What the puzzle screen can ask for. */
interface PuzzleScreenActions {
    fun onTap(point: String)
    fun onHint()
    fun onRetry()
    fun onNext()
    fun onBack()
}

/** The puzzle screen bound to its view model (opened by the hub), with the sounds and haptics of its changes. */
@Composable
fun PuzzleRoute(viewModel: PuzzleViewModel, settings: UserSettings, onBack: () -> Unit) {
    val state by viewModel.uiState.collectAsState()
    PlayFeedback(viewModel.effects, settings)
    val current = state ?: return
    PuzzleScreen(
        current,
        object : PuzzleScreenActions {
            override fun onTap(point: String) = viewModel.onPointTap(point)
            override fun onHint() = viewModel.showHint()
            override fun onRetry() = viewModel.retry()
            override fun onNext() {
                viewModel.next()
            }
            override fun onBack() = onBack()
        },
    )
}

/**
 * A puzzle: the engine's goal ("White to move and win in 5", or a tactic's) and the turns left above the board, a
 * rush's clock and count, the board with the game's taps and animations, what the puzzle said
 * about the last turn, and Hint, Retry and Next. Wide screens put the board beside the text.
 */
@Composable
fun PuzzleScreen(state: PuzzleUiState, actions: PuzzleScreenActions) {
    Surface(Modifier.fillMaxSize().testTag("puzzle-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(title = title(state), subtitle = subtitle(state), onBack = actions::onBack)
            BoxWithConstraints(Modifier.fillMaxSize()) {
                val wide = maxWidth >= 600.dp && maxWidth > maxHeight * 1.15f
                if (wide) {
                    Row(
                        Modifier.fillMaxSize().padding(16.dp),
                        horizontalArrangement = Arrangement.spacedBy(24.dp, Alignment.CenterHorizontally),
                        verticalAlignment = Alignment.CenterVertically,
                    ) {
                        Board(state.board, actions::onTap, Modifier.fillMaxHeight())
                        Column(
                            Modifier.widthIn(max = 440.dp).fillMaxHeight().verticalScroll(rememberScrollState()),
                            verticalArrangement = Arrangement.spacedBy(12.dp, Alignment.CenterVertically),
                        ) {
                            Goal(state)
                            LessonSides(state.sides)
                            PuzzleFeedbackPanel(state)
                            Controls(state, actions)
                        }
                    }
                } else {
                    Column(
                        Modifier.fillMaxSize().padding(horizontal = 16.dp).padding(bottom = 12.dp),
                        verticalArrangement = Arrangement.spacedBy(10.dp),
                        horizontalAlignment = Alignment.CenterHorizontally,
                    ) {
                        Goal(state)
                        Board(state.board, actions::onTap, Modifier.weight(1f, fill = false))
                        LessonSides(state.sides)
                        PuzzleFeedbackPanel(state)
                        Controls(state, actions)
                    }
                }
            }
        }
    }
}

@Composable
private fun title(state: PuzzleUiState): String = when (state.mode) {
    PuzzleMode.Daily -> stringOf(StringKey.PuzzlesDaily)
    is PuzzleMode.Rush -> stringOf(StringKey.PuzzleRushTitle)
    is PuzzleMode.Choice -> stringOf(StringKey.PuzzlePosition, state.number ?: 1, state.total ?: 1)
}

/** "Zhi Qi · Tactic · Hard": the game, the kind and the grade. */
@Composable
private fun subtitle(state: PuzzleUiState): String {
    val kindAndGrade = stringOf(StringKey.PuzzleSubtitle, kindText(state.puzzle.kind).resolve(), gradeText(state.puzzle.grade).resolve())
    return stringOf(StringKey.PuzzleSubtitle, UiText.GameName(state.puzzle.game).resolve(), kindAndGrade)
}

/** The goal and the turns left, above the board; a rush's clock and count beside them. */
@Composable
private fun Goal(state: PuzzleUiState) {
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = MaterialTheme.colorScheme.primaryContainer,
        contentColor = MaterialTheme.colorScheme.onPrimaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Row(Modifier.padding(horizontal = 14.dp, vertical = 10.dp), verticalAlignment = Alignment.CenterVertically) {
            Column(Modifier.weight(1f).semantics(mergeDescendants = true) {}) {
                Text(stringOf(StringKey.PuzzleGoal), style = MaterialTheme.typography.labelLarge, modifier = Modifier.semantics { heading() })
                Text(state.goal, style = MaterialTheme.typography.titleMedium, modifier = Modifier.testTag("puzzle-goal"))
                if (state.playing) {
                    val left = if (state.turnsLeft == 1) {
                        stringOf(StringKey.PuzzleTurnsLeftOne)
                    } else {
                        stringOf(StringKey.PuzzleTurnsLeft, state.turnsLeft)
                    }
                    Text(left, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("turns-left"))
                }
            }
            state.rush?.let { RushStatus(it) }
        }
    }
}

/** The rush's clock (a ring with the seconds left) and how many are solved; the result once the time is up. */
@Composable
private fun RushStatus(rush: RushUi) {
    Column(
        Modifier.padding(start = 8.dp).semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite },
        horizontalAlignment = Alignment.CenterHorizontally,
    ) {
        if (rush.over) {
            Text(stringOf(StringKey.PuzzleRushOver, rush.solved), style = MaterialTheme.typography.titleSmall, modifier = Modifier.testTag("rush-over"))
            if (rush.newBest) Text(stringOf(StringKey.PuzzleRushBest), style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("rush-best"))
        } else {
            TimerRing(rush.timer, Modifier.testTag("rush-timer"), size = 44.dp) {}
            Text(stringOf(StringKey.PuzzleRushSolved, rush.solved), style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("rush-solved"))
        }
    }
}

/** Hint and Retry while it is played; Retry and Next once it is over (a rush has no retry). */
@Composable
private fun Controls(state: PuzzleUiState, actions: PuzzleScreenActions) {
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(10.dp)) {
        if (state.playing) {
            OutlinedButton(
                onClick = actions::onHint,
                enabled = !state.hintShown,
                modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("puzzle-hint"),
            ) {
                Text(stringOf(StringKey.PuzzleHint), maxLines = 1)
            }
        }
        if (state.canRetry) {
            OutlinedButton(onClick = actions::onRetry, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("puzzle-retry")) {
                Text(stringOf(StringKey.PuzzleRetry), maxLines = 1)
            }
        }
        if (!state.playing && state.hasNext) {
            Button(onClick = actions::onNext, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("puzzle-next")) {
                Text(stringOf(StringKey.PuzzleNext), maxLines = 1)
            }
        }
    }
}
