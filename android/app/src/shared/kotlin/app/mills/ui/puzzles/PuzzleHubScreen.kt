package app.mills.ui.puzzles

import androidx.compose.foundation.clickable
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.FilterChip
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.TopBar
import app.mills.ui.icons.MillsIcons
import app.mills.ui.settings.endgameTablesText
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.TablesState

/** What the puzzles' home can ask for. */
interface PuzzleHubActions {
    fun onGame(game: GameId)
    fun onGrade(grade: PuzzleGrade?)
    fun onKind(kind: PuzzleKind?)
    fun onDaily()
    fun onRush()
    fun onPuzzle(puzzleId: String)

    /** The tables' preparation ended while a puzzle waited for it: open that puzzle now. */
    fun onTablesSettled() {}
    fun onBack()
}

/** The puzzles' home bound to its view model; the statistics are read again each time it is shown. */
@Composable
fun PuzzleHubRoute(viewModel: PuzzleHubViewModel, actions: PuzzleHubActions) {
    LaunchedEffect(Unit) { viewModel.refresh() }
    val state by viewModel.uiState.collectAsState()
    val tables by viewModel.tables.collectAsState()
    val preparing = tables is TablesState.Preparing
    LaunchedEffect(preparing, state.waitingForTables) {
        if (!preparing && state.waitingForTables) actions.onTablesSettled()
    }
    PuzzleHubScreen(state, tables, actions)
}

/**
 * The puzzles' home: a game's rating with its uncertainty and its statistics, today's puzzle,
 * the 3-minute rush, and every puzzle of a kind and a grade to choose from, easiest first.
 */
@Composable
fun PuzzleHubScreen(state: PuzzleHubUiState, tables: TablesState, actions: PuzzleHubActions) {
    Surface(Modifier.fillMaxSize().testTag("puzzle-hub"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(stringOf(StringKey.PuzzlesTitle), subtitle = UiText.GameName(state.game).resolve(), onBack = actions::onBack)
            Box(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
                LazyColumn(
                    Modifier.widthIn(max = 720.dp).fillMaxWidth().testTag("puzzle-list"),
                    contentPadding = PaddingValues(horizontal = 20.dp, vertical = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(12.dp),
                ) {
                    item { Chips(state.games, state.game, { UiText.GameName(it).resolve() }, "game", actions::onGame) }
                    item { PuzzleStatsCard(state) }
                    // puzzles are judged by the tables: how far they are, while they are not ready
                    endgameTablesText(tables)?.takeIf { tables !is TablesState.Ready }?.let { line ->
                        item { TablesProgress(tables, line, state.waitingForTables) }
                    }
                    state.error?.let { error ->
                        item {
                            Text(error.resolve(), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("puzzle-error"))
                        }
                    }
                    item { DailyAndRush(state, actions) }
                    item {
                        Text(stringOf(StringKey.PuzzlesChoose), style = MaterialTheme.typography.titleLarge, modifier = Modifier.semantics { heading() })
                    }
                    item { Chips(listOf(null) + state.kinds, state.kind, { kindChoiceText(it).resolve() }, "kind", actions::onKind) }
                    // only the grades the game has puzzles of: an empty grade would be a dead end (and
                    // none at all for a kind the game has no puzzle of, which a line says instead)
                    if (state.grades.isNotEmpty()) {
                        item { Chips(listOf(null) + state.grades, state.grade, { gradeText(it).resolve() }, "grade", actions::onGrade) }
                    }
                    state.missingGrades?.let { missing ->
                        item {
                            Text(
                                missing.resolve(),
                                style = MaterialTheme.typography.bodyMedium,
                                color = MaterialTheme.colorScheme.onSurfaceVariant,
                                modifier = Modifier.testTag("grade-missing"),
                            )
                        }
                    }
                    // a kind the game has no puzzle of yet: said in words, not a blank list
                    state.noneOfKind?.let { none ->
                        item { Text(none.resolve(), style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("kind-none")) }
                    }
                    items(state.items, key = { it.puzzle.id }) { item -> PuzzleRow(item) { actions.onPuzzle(item.puzzle.id) } }
                    item { Spacer(Modifier.heightIn(min = 24.dp)) }
                }
            }
        }
    }
}

/** One choice among [options] as filter chips (tags `<tag>-<NAME>`, `ALL` for `null`). */
@Composable
private fun <T> Chips(options: List<T>, selected: T, label: @Composable (T) -> String, tag: String, onSelect: (T) -> Unit) {
    Row(Modifier.horizontalScroll(rememberScrollState()), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        options.forEach { option ->
            FilterChip(
                selected = option == selected,
                onClick = { onSelect(option) },
                label = { Text(label(option), maxLines = 1) },
                modifier = Modifier.heightIn(min = 48.dp).testTag("$tag-${(option as? Enum<*>)?.name ?: "ALL"}"),
            )
        }
    }
}

/** Today's puzzle (with its game, whichever game is selected) and the rush of the selected game. */
@Composable
private fun DailyAndRush(state: PuzzleHubUiState, actions: PuzzleHubActions) {
    Column(verticalArrangement = Arrangement.spacedBy(12.dp)) {
        state.daily?.let { daily ->
            val detailKey = if (daily.kind == PuzzleKind.TACTIC) StringKey.PuzzlesDailyDetailTactic else StringKey.PuzzlesDailyDetail
            val detail = stringOf(detailKey, UiText.GameName(daily.game).resolve(), daily.turns.toInt())
            val status = if (state.dailySolved) stringOf(StringKey.PuzzlesDailySolved) else null
            ModeCard(stringOf(StringKey.PuzzlesDaily), listOfNotNull(detail, status).joinToString(" · "), stringOf(StringKey.PuzzlesSolve), "daily", actions::onDaily)
        }
        ModeCard(
            stringOf(StringKey.PuzzlesRush),
            stringOf(StringKey.PuzzlesRushSummary),
            stringOf(StringKey.PuzzlesRushStart),
            "rush",
            actions::onRush,
        )
    }
}

@Composable
private fun ModeCard(title: String, detail: String, action: String, tag: String, onClick: () -> Unit) {
    Surface(shape = RoundedCornerShape(20.dp), color = MaterialTheme.colorScheme.primaryContainer, modifier = Modifier.fillMaxWidth()) {
        Row(
            Modifier
                .clickable(role = Role.Button, onClickLabel = action, onClick = onClick)
                .semantics(mergeDescendants = true) {}
                .testTag(tag)
                .heightIn(min = 64.dp)
                .padding(horizontal = 18.dp, vertical = 12.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            Column(Modifier.weight(1f)) {
                Text(title, style = MaterialTheme.typography.titleMedium)
                Text(detail, style = MaterialTheme.typography.bodyMedium)
            }
            Icon(MillsIcons.Play, contentDescription = null, modifier = Modifier.size(28.dp))
        }
    }
}

/** One puzzle: its number (a check once solved), "Win in N" or a tactic's "Reach the goal in N", its kind and grade. */
@Composable
private fun PuzzleRow(item: PuzzleItemUi, onOpen: () -> Unit) {
    val turns = item.puzzle.turns.toInt()
    val grade = gradeText(item.puzzle.grade).resolve()
    val status = stringOf(if (item.solved) StringKey.PuzzlesDailySolved else StringKey.PuzzlesNotSolved)
    val describe = if (item.puzzle.kind == PuzzleKind.TACTIC) StringKey.PuzzlesItemTacticDescription else StringKey.PuzzlesItemDescription
    val description = stringOf(describe, item.number, turns, grade, status)
    Surface(shape = RoundedCornerShape(16.dp), color = MaterialTheme.colorScheme.surfaceContainerLow, modifier = Modifier.fillMaxWidth()) {
        Row(
            Modifier
                .clickable(role = Role.Button, onClick = onOpen)
                .semantics { contentDescription = description }
                .testTag("puzzle-${item.puzzle.id}")
                .heightIn(min = 56.dp)
                .padding(horizontal = 16.dp, vertical = 8.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            val badge = if (item.solved) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.surfaceContainerHighest
            val onBadge = if (item.solved) MaterialTheme.colorScheme.onPrimary else MaterialTheme.colorScheme.onSurfaceVariant
            Surface(shape = CircleShape, color = badge, contentColor = onBadge, modifier = Modifier.size(34.dp).clearAndSetSemantics {}) {
                Box(contentAlignment = Alignment.Center) {
                    if (item.solved) {
                        Icon(MillsIcons.Check, contentDescription = null, modifier = Modifier.size(20.dp))
                    } else {
                        Text(item.number.toString(), style = MaterialTheme.typography.labelMedium)
                    }
                }
            }
            Spacer(Modifier.width(14.dp))
            Column(Modifier.weight(1f).clearAndSetSemantics {}) {
                Text(itemText(item.puzzle).resolve(), style = MaterialTheme.typography.titleMedium)
                Text(stringOf(StringKey.PuzzleSubtitle, kindText(item.puzzle.kind).resolve(), grade), style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
            }
        }
    }
}
