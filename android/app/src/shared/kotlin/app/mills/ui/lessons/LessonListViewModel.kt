package app.mills.ui.lessons

import androidx.lifecycle.ViewModel
import app.mills.data.LessonRepository
import app.mills.data.ProgressState
import app.mills.strings.StringKey
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.MillsException

/** A game's course list: its lessons from the engine, the solved marks, and a reset. */
class LessonListViewModel(private val repository: LessonRepository) : ViewModel() {
    private val state = MutableStateFlow<LessonListUiState?>(null)
    private var game: GameId? = null
    private var locale = ""

    val uiState: StateFlow<LessonListUiState?> = state.asStateFlow()

    /** Shows [game]'s course in [locale], with the progress read again (the list is shown again). */
    fun load(game: GameId, locale: String) {
        this.game = game
        this.locale = locale
        repository.refresh()
        render()
    }

    /** Forgets the game's solved lessons. */
    fun reset() {
        val g = game ?: return
        repository.reset(g)
        render()
    }

    /** The lesson to start with: the first not solved yet, or the first of the course. */
    fun startingLessonId(game: GameId): String? {
        repository.refresh()
        return repository.progress.value.course(game)?.nextLessonId
            ?: repository.course(game, "en").firstOrNull()?.id
    }

    private fun render() {
        val g = game ?: return
        val progress: ProgressState = repository.progress.value
        val lessons = repository.course(g, locale)
        val items = lessons.map { LessonItemUi(it, it.index.toInt() + 1, progress.isSolved(it.id)) }
        // the engine's count of the course (it knows the ids of lessons this build lacks)
        val course = progress.course(g)
        state.value = LessonListUiState(
            game = g,
            items = items,
            solved = course?.solved?.toInt() ?: 0,
            total = course?.total?.toInt() ?: items.size,
            nextLessonId = if (course != null) course.nextLessonId else lessons.firstOrNull()?.id,
            error = progress.error?.let(::errorText),
        )
    }

    private fun errorText(error: MillsException) = when (error) {
        is MillsException.CorruptSave -> text(StringKey.LessonsProgressDamaged)
        else -> text(StringKey.LessonsProgressUnavailable)
    }
}
