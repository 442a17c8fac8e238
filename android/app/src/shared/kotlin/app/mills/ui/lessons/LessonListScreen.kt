package app.mills.ui.lessons

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Icon
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
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
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.ConfirmDialog
import app.mills.ui.components.TopBar
import app.mills.ui.home.MiniBoard
import app.mills.ui.icons.MillsIcons
import uniffi.mills_ffi.GameId

/** The course list bound to its view model; the course is read again each time it is shown. */
@Composable
fun LessonListRoute(
    viewModel: LessonListViewModel,
    game: GameId,
    onOpenLesson: (String) -> Unit,
    onBack: () -> Unit,
) {
    val locale = LocalStrings.current.rulesLocale
    LaunchedEffect(game, locale) { viewModel.load(game, locale) }
    val state by viewModel.uiState.collectAsState()
    val current = state?.takeIf { it.game == game } ?: return
    LessonListScreen(current, onOpenLesson, onReset = viewModel::reset, onBack = onBack)
}

/** A game's lessons in order, each with its solved mark, how far the player is, and a reset. */
@Composable
fun LessonListScreen(
    state: LessonListUiState,
    onOpenLesson: (String) -> Unit,
    onReset: () -> Unit,
    onBack: () -> Unit,
) {
    var confirmReset by remember { mutableStateOf(false) }
    val gameName = UiText.GameName(state.game).resolve()
    Surface(Modifier.fillMaxSize().testTag("lesson-list"), color = MaterialTheme.colorScheme.background) {
        Box {
            Column(Modifier.fillMaxSize()) {
                TopBar(stringOf(StringKey.LessonsTitle), subtitle = gameName, onBack = onBack)
                Box(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
                    Column(
                        Modifier
                            .widthIn(max = 720.dp)
                            .fillMaxWidth()
                            .verticalScroll(rememberScrollState())
                            .padding(horizontal = 20.dp, vertical = 8.dp),
                        verticalArrangement = Arrangement.spacedBy(12.dp),
                    ) {
                        Progress(state, gameName)
                        state.error?.let { error ->
                            Text(
                                error.resolve(),
                                style = MaterialTheme.typography.bodyMedium,
                                color = MaterialTheme.colorScheme.error,
                                modifier = Modifier.testTag("lessons-error"),
                            )
                        }
                        state.items.forEach { item ->
                            LessonRow(item, state.total, next = item.lesson.id == state.nextLessonId) { onOpenLesson(item.lesson.id) }
                        }
                        OutlinedButton(
                            onClick = { confirmReset = true },
                            enabled = state.solved > 0,
                            modifier = Modifier.heightIn(min = 48.dp).align(Alignment.CenterHorizontally).testTag("reset-lessons"),
                        ) {
                            Text(stringOf(StringKey.LessonsReset))
                        }
                        Spacer(Modifier.height(24.dp))
                    }
                }
            }
            ConfirmDialog(
                visible = confirmReset,
                title = stringOf(StringKey.LessonsResetTitle),
                text = stringOf(StringKey.LessonsResetText, gameName),
                confirm = stringOf(StringKey.LessonsResetConfirm),
                onConfirm = {
                    confirmReset = false
                    onReset()
                },
                onDismiss = { confirmReset = false },
            )
        }
    }
}

@Composable
private fun Progress(state: LessonListUiState, gameName: String) {
    val label = stringOf(StringKey.LessonsProgress, state.solved, state.total)
    Row(verticalAlignment = Alignment.CenterVertically) {
        MiniBoard(state.game, size = 64.dp)
        Spacer(Modifier.width(16.dp))
        Column(Modifier.weight(1f)) {
            Text(
                stringOf(StringKey.LessonsCourse, gameName),
                style = MaterialTheme.typography.titleLarge,
                modifier = Modifier.semantics { heading() },
            )
            Text(label, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("lessons-progress"))
            Spacer(Modifier.height(6.dp))
            LinearProgressIndicator(
                progress = { if (state.total == 0) 0f else state.solved.toFloat() / state.total },
                modifier = Modifier.fillMaxWidth().clearAndSetSemantics { contentDescription = label },
            )
        }
    }
}

/** One lesson: its number (a check mark once solved), its title, and whether it is solved. */
@Composable
private fun LessonRow(item: LessonItemUi, total: Int, next: Boolean, onOpen: () -> Unit) {
    val status = stringOf(if (item.solved) StringKey.LessonsSolved else StringKey.LessonsNotSolved)
    val description = stringOf(StringKey.LessonsItemDescription, item.number, total, item.lesson.title, status)
    Surface(
        shape = RoundedCornerShape(18.dp),
        color = if (next) MaterialTheme.colorScheme.secondaryContainer else MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Row(
            Modifier
                .clickable(role = Role.Button, onClick = onOpen)
                .semantics { contentDescription = description }
                .testTag("lesson-${item.lesson.id}")
                .heightIn(min = 56.dp)
                .padding(horizontal = 16.dp, vertical = 10.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            val badge = if (item.solved) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.surfaceContainerHighest
            val onBadge = if (item.solved) MaterialTheme.colorScheme.onPrimary else MaterialTheme.colorScheme.onSurfaceVariant
            // the row's description says it all: the badge and the texts are not read again
            Surface(shape = CircleShape, color = badge, contentColor = onBadge, modifier = Modifier.size(32.dp).clearAndSetSemantics {}) {
                Box(contentAlignment = Alignment.Center) {
                    if (item.solved) {
                        Icon(MillsIcons.Check, contentDescription = null, modifier = Modifier.size(20.dp))
                    } else {
                        Text(item.number.toString(), style = MaterialTheme.typography.labelLarge)
                    }
                }
            }
            Spacer(Modifier.width(14.dp))
            Column(Modifier.weight(1f).clearAndSetSemantics {}) {
                Text(item.lesson.title, style = MaterialTheme.typography.titleMedium)
                Text(status, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
            }
        }
    }
}
