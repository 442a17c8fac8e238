package app.mills.ui.lessons

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
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.data.UserSettings
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.board.Board
import app.mills.ui.components.TimerRing
import app.mills.ui.components.TopBar
import app.mills.ui.game.PlayFeedback

/** What the lesson screen can ask for. */
interface LessonScreenActions {
    fun onTap(point: String)
    fun onHint()
    fun onTryAgain()
    fun onNext()
    fun onList()
    fun onBack()
}

/**
 * The lesson screen bound to its view model: opens [lessonId] in the app's language, plays
 * the sounds and haptics of the engine's changes, and goes to the next lesson or the list.
 */
@Composable
fun LessonRoute(
    viewModel: LessonViewModel,
    lessonId: String,
    settings: UserSettings,
    onNext: (String) -> Unit,
    onList: () -> Unit,
    onBack: () -> Unit,
) {
    val locale = LocalStrings.current.rulesLocale
    LaunchedEffect(lessonId, locale) { viewModel.open(lessonId, locale) }
    // a timer lesson counts down only while its screen is shown
    DisposableEffect(viewModel, lessonId) { onDispose { viewModel.setShown(lessonId, false) } }
    val state by viewModel.uiState.collectAsState()
    PlayFeedback(viewModel.effects, settings)
    val current = state?.takeIf { it.lesson.id == lessonId } ?: return
    LessonScreen(
        current,
        object : LessonScreenActions {
            override fun onTap(point: String) = viewModel.onPointTap(point)
            override fun onHint() = viewModel.showHint()
            override fun onTryAgain() = viewModel.tryAgain()
            override fun onNext() {
                viewModel.nextLessonId()?.let(onNext)
            }
            override fun onList() = onList()
            override fun onBack() = onBack()
        },
    )
}

/**
 * A lesson: its title and short text, the goal above the board, the board with the game's
 * taps and animations, what the lesson said about the last action, and Hint / Try again, or
 * once solved, Next and the course list. Wide screens put the board beside the text.
 */
@Composable
fun LessonScreen(state: LessonUiState, actions: LessonScreenActions) {
    Surface(Modifier.fillMaxSize().testTag("lesson-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(
                title = state.lesson.title,
                subtitle = stringOf(StringKey.LessonPosition, UiText.GameName(state.game).resolve(), state.number, state.total),
                onBack = actions::onBack,
            )
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
                            LessonText(state)
                            Goal(state)
                            LessonSides(state.sides)
                            FeedbackPanel(state)
                            Controls(state, actions)
                        }
                    }
                } else {
                    Column(
                        Modifier.fillMaxSize().padding(horizontal = 16.dp).padding(bottom = 12.dp),
                        verticalArrangement = Arrangement.spacedBy(10.dp),
                        horizontalAlignment = Alignment.CenterHorizontally,
                    ) {
                        LessonText(state)
                        Goal(state)
                        Board(state.board, actions::onTap, Modifier.weight(1f, fill = false))
                        LessonSides(state.sides)
                        FeedbackPanel(state)
                        Controls(state, actions)
                    }
                }
            }
        }
    }
}

@Composable
private fun LessonText(state: LessonUiState) {
    Text(
        state.lesson.text,
        style = MaterialTheme.typography.bodyMedium,
        color = MaterialTheme.colorScheme.onSurfaceVariant,
        modifier = Modifier.fillMaxWidth().testTag("lesson-text"),
    )
}

/** The goal, above the board; a timer lesson's countdown beside it. */
@Composable
private fun Goal(state: LessonUiState) {
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = MaterialTheme.colorScheme.primaryContainer,
        contentColor = MaterialTheme.colorScheme.onPrimaryContainer,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Row(Modifier.padding(horizontal = 14.dp, vertical = 10.dp), verticalAlignment = Alignment.CenterVertically) {
            Column(Modifier.weight(1f).semantics(mergeDescendants = true) {}) {
                Text(
                    stringOf(StringKey.LessonGoal),
                    style = MaterialTheme.typography.labelLarge,
                    modifier = Modifier.semantics { heading() },
                )
                Text(
                    state.lesson.goal,
                    style = MaterialTheme.typography.titleMedium,
                    modifier = Modifier.testTag("lesson-goal"),
                )
            }
            state.timer?.let { timer ->
                TimerRing(timer, Modifier.padding(start = 8.dp).testTag("lesson-timer"), size = 44.dp) {}
            }
        }
    }
}

/** Hint and Try again while the lesson runs; Next (or the course list after the last) once solved. */
@Composable
private fun Controls(state: LessonUiState, actions: LessonScreenActions) {
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(10.dp)) {
        if (state.solved) {
            OutlinedButton(onClick = actions::onTryAgain, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("try-again")) {
                Text(stringOf(StringKey.LessonTryAgain), maxLines = 1)
            }
            if (state.next != null) {
                Button(onClick = actions::onNext, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("next-lesson")) {
                    Text(stringOf(StringKey.LessonNext), maxLines = 1)
                }
            } else {
                Button(onClick = actions::onList, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("all-lessons")) {
                    Text(stringOf(StringKey.LessonAll), maxLines = 1)
                }
            }
        } else {
            OutlinedButton(
                onClick = actions::onHint,
                enabled = state.hint == null,
                modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("hint"),
            ) {
                Text(stringOf(StringKey.LessonHint), maxLines = 1)
            }
            OutlinedButton(onClick = actions::onTryAgain, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("try-again")) {
                Text(stringOf(StringKey.LessonTryAgain), maxLines = 1)
            }
        }
    }
}
