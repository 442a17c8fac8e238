package app.mills.ui.puzzles

import androidx.lifecycle.ViewModel
import app.mills.data.PuzzleRepository
import app.mills.data.RulesCatalog
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleGradeCount
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.TablesState

/**
 * The puzzles' home: a game's statistics and rating (from puzzles and games against the
 * computer), today's puzzle, the rush and the choice by kind and grade. Call it from the main thread.
 */
class PuzzleHubViewModel(
    private val repository: PuzzleRepository,
    /** How far the endgame tables that judge puzzles are, for the line that says so. */
    val tables: StateFlow<TablesState>,
) : ViewModel() {
    private var game: GameId = RulesCatalog.games.first()
    /** The player's last grade (every grade for `null`); a game without puzzles of it shows its easiest grade instead. */
    private var chosenGrade: PuzzleGrade? = null
    /** The player's kind (both kinds for `null`). */
    private var chosenKind: PuzzleKind? = null
    private var error: UiText? = null
    /** What the player opened while the tables were being prepared: it opens once they are. */
    private var waiting: WaitingPuzzle? = null
    private val state = MutableStateFlow(build())

    val uiState: StateFlow<PuzzleHubUiState> = state.asStateFlow()

    /** Reads the statistics again (the hub is shown again: a puzzle or a game may have changed them). */
    fun refresh() {
        repository.refresh()
        state.value = build()
    }

    fun selectGame(value: GameId) {
        game = value
        error = null
        state.value = build()
    }

    /** The grade the choice list shows (every grade for `null`). */
    fun selectGrade(value: PuzzleGrade?) {
        chosenGrade = value
        state.value = build()
    }

    /** The kind the choice list shows (both kinds for `null`). */
    fun selectKind(value: PuzzleKind?) {
        chosenKind = value
        state.value = build()
    }

    /** Why a puzzle could not be opened (the tables still being prepared), shown until the next try. */
    fun showError(value: UiText?) {
        error = value
        state.value = build()
    }

    /** Keeps [request] (or forgets the waiting one, for `null`) until the tables are ready. */
    fun waitForTables(request: WaitingPuzzle?) {
        waiting = request
        if (request != null) error = null
        state.value = build()
    }

    /** The puzzle that waited for the tables, now to be opened; `null` if none waits. */
    fun takeWaiting(): WaitingPuzzle? = waiting?.also { waitForTables(null) }

    private fun build(): PuzzleHubUiState {
        val stats = repository.stats.value
        val solved = stats.of(game)?.solvedIds.orEmpty().toSet()
        val daily = repository.daily()
        val dailySolved = daily != null && stats.of(daily.game)?.solvedIds.orEmpty().contains(daily.id)
        val kind = chosenKind
        val grades = repository.gradeCounts(game, kind)
        val offered = grades.filter { it.count > 0u }.map { it.grade }
        val grade = chosenGrade?.let { repository.openingGrade(game, it, kind) }
        val items = repository.choose(game, grade, kind)
        return PuzzleHubUiState(
            game = game,
            games = RulesCatalog.games,
            stats = stats.of(game),
            total = repository.choose(game, null).size,
            daily = daily,
            dailySolved = dailySolved,
            kind = kind,
            kinds = PuzzleKind.entries,
            noneOfKind = kind?.takeIf { items.isEmpty() }?.let { text(StringKey.PuzzlesKindNone, kindText(it), UiText.GameName(game)) },
            grade = grade,
            grades = offered,
            missingGrades = missingGradesText(game, grades),
            items = items.mapIndexed { i, p -> PuzzleItemUi(p, i + 1, p.id in solved) },
            error = error ?: stats.error?.toUiText(),
            waitingForTables = waiting != null,
        )
    }

    /** Why a grade is not offered ("No Easy puzzles for Zhi Qi: its easiest puzzles are Medium"); `null` if every grade is. */
    private fun missingGradesText(game: GameId, grades: List<PuzzleGradeCount>): UiText? {
        val easiest = grades.firstOrNull { it.count > 0u }?.grade ?: return null
        val lines = grades.filter { it.count == 0u }.map {
            text(StringKey.PuzzlesGradeMissing, gradeText(it.grade), UiText.GameName(game), gradeText(easiest))
        }
        return if (lines.isEmpty()) null else UiText.Joined(lines)
    }
}

/** A puzzle, or a rush ([puzzleId] `null`), the player opened before the tables were ready. */
data class WaitingPuzzle(val mode: PuzzleMode, val puzzleId: String? = null)
