package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.LessonInfo
import uniffi.mills_ffi.LessonProgress
import uniffi.mills_ffi.LessonSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.lessonProgressLoad
import uniffi.mills_ffi.lessonProgressMarkSolved
import uniffi.mills_ffi.lessonProgressReset
import uniffi.mills_ffi.lessons

/**
 * The engine's courses and the player's progress in them. The progress file is the engine's
 * (`lessonProgress*` in the app's files directory): it writes it atomically and refuses a
 * damaged one ([MillsException.CorruptSave]) without replacing it, so a bad file shows as an
 * error here and is never overwritten. Call it from the main thread.
 */
class LessonRepository(private val files: AppFiles) {
    private val progressState = MutableStateFlow(ProgressState(progress = null))

    /** What is solved, and the last error about the progress file. */
    val progress: StateFlow<ProgressState> = progressState.asStateFlow()

    /** A game's lessons in course order, their texts in [locale] (English for other languages). */
    fun course(game: GameId, locale: String): List<LessonInfo> = lessons(game, locale)

    /** A lesson to play; `null` for an id the engine lacks. */
    fun open(lessonId: String, locale: String): LessonSession? = try {
        LessonSession(lessonId, locale)
    } catch (e: MillsException) {
        null
    }

    /** Reads the progress file again. */
    fun refresh() {
        update(forgetOnError = true) { lessonProgressLoad(files.lessonProgressPath) }
    }

    /** Records a solved lesson; false if the file could not be written (the state says why). */
    fun markSolved(lessonId: String): Boolean = update { lessonProgressMarkSolved(files.lessonProgressPath, lessonId) }

    /** Forgets one game's solved lessons ("start the course again"). */
    fun reset(game: GameId): Boolean = update { lessonProgressReset(files.lessonProgressPath, game) }

    private fun update(forgetOnError: Boolean = false, call: () -> LessonProgress): Boolean = try {
        progressState.value = ProgressState(call())
        true
    } catch (e: MillsException) {
        val kept = if (forgetOnError) null else progressState.value.progress
        progressState.value = ProgressState(kept, error = e)
        false
    }
}

/** The solved lessons ([progress] `null` until the file is read, or when it cannot be) and why not. */
data class ProgressState(val progress: LessonProgress?, val error: MillsException? = null) {
    fun isSolved(lessonId: String): Boolean = progress?.solved?.contains(lessonId) == true

    fun course(game: GameId) = progress?.courses?.firstOrNull { it.game == game }
}
