package app.mills.ui.lessons

import app.mills.game.BoardUiState
import app.mills.game.PlayerUi
import app.mills.game.TimerUi
import app.mills.strings.UiText
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.LessonInfo

/** What the lesson said about the learner's last action: the engine's verdict and its words. */
sealed interface LessonFeedback {
    /** A typical wrong answer; [explanation] is the engine's, in the lesson's language. */
    data class Wrong(val explanation: String) : LessonFeedback

    /** A legal action the lesson does not teach: the engine's "not this time" with the hint. */
    data class NotThisTime(val message: String) : LessonFeedback

    /** The rules refused the tap (an occupied point, a step that is not along a line, ...). */
    data class Refused(val reason: UiText) : LessonFeedback

    /** The goal is reached; [message] is the lesson's closing words. */
    data class Solved(val message: String) : LessonFeedback
}

/** One lesson on the screen. */
data class LessonUiState(
    val lesson: LessonInfo,
    val game: GameId,
    /** The lesson's place in its course, from 1, and the course's length. */
    val number: Int,
    val total: Int,
    val board: BoardUiState,
    /** Both sides' counters (the learner's first), from the engine's panel. */
    val sides: List<PlayerUi>,
    /** What to do on the board now ("Place a piece"); `null` once solved. */
    val prompt: UiText?,
    val feedback: LessonFeedback?,
    /** The lesson's hint, once asked for. */
    val hint: String?,
    val solved: Boolean,
    /** The next lesson of the course; `null` after the last. */
    val next: LessonInfo?,
    /** A timer lesson's countdown, while it runs. */
    val timer: TimerUi?,
    /** What just happened on the board ("Computer moved a4 to a7"), for everyone and for screen readers. */
    val announcement: UiText?,
    /** Solved, but the progress file could not be written. */
    val progressNotSaved: Boolean,
)

/** One lesson in a course list. */
data class LessonItemUi(val lesson: LessonInfo, val number: Int, val solved: Boolean)

/** A game's course: its lessons, which are solved, and how far the player is. */
data class LessonListUiState(
    val game: GameId,
    val items: List<LessonItemUi>,
    val solved: Int,
    val total: Int,
    /** The first lesson not solved yet; `null` once all are. */
    val nextLessonId: String?,
    /** Why the progress could not be read or written. */
    val error: UiText?,
)
