package app.mills.ui.lessons

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.mills.data.BoardFeed
import app.mills.data.LessonRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.GameUiMapper
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.Transient
import app.mills.game.motionEffect
import app.mills.game.opponent
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import app.mills.ui.components.Countdown
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableSharedFlow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharedFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asSharedFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.LessonSession
import uniffi.mills_ffi.LessonVerdict
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict

/**
 * One lesson, played with the game's taps on the engine's [LessonSession]: the engine judges
 * every action (on the way, the scripted reply, solved, a known wrong answer explained, "not
 * this time", refused) and the board is drawn and animated from its board's changes
 * ([BoardFeed]), as in a game. A timer lesson's countdown is the app's: when it runs out, the lesson is told
 * (`timeOut`, [Countdown]). Call it from the main thread.
 */
class LessonViewModel(
    private val repository: LessonRepository,
    /** Runs on the main thread; cancelled when the view model is cleared. */
    scope: CoroutineScope,
    /** How long one second of a lesson's turn timer lasts (tests shorten it). */
    secondMs: Long = 1_000,
) : ViewModel(scope) {
    private val state = MutableStateFlow<LessonUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)

    private var session: LessonSession? = null
    private var locale = ""
    private var total = 0
    private val board = BoardFeed()
    private var transient = Transient()
    private var feedback: LessonFeedback? = null
    private var hintShown = false
    private var progressNotSaved = false
    private val countdown = Countdown(viewModelScope, secondMs, onTimeUp = ::timedOut)
    private var shown = false
    private var foreground = true

    val uiState: StateFlow<LessonUiState?> = state.asStateFlow()

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    /** Opens a lesson in [locale]; the one already open stays as it is. False for an unknown id. */
    fun open(lessonId: String, locale: String): Boolean {
        if (session?.lesson()?.id == lessonId && this.locale == locale) {
            setShown(lessonId, true) // the screen came back (after a configuration change)
            return true
        }
        val opened = repository.open(lessonId, locale) ?: return false
        close()
        session = opened
        this.locale = locale
        val info = opened.lesson()
        total = repository.course(info.game, locale).size
        board.follow(opened.board(), redraw = false)
        transient = Transient()
        feedback = null
        hintShown = false
        progressNotSaved = false
        shown = true
        startTimer()
        render()
        return true
    }

    /**
     * The screen of [lessonId] is shown or hidden (back to the course list, or another lesson
     * opening): a timer lesson's countdown runs only while its screen is shown.
     */
    fun setShown(lessonId: String, value: Boolean) {
        if (session?.lesson()?.id != lessonId || shown == value) return
        shown = value
        applyTimer()
        render()
    }

    /** The app went to the background (false) or came back (true): the countdown waits meanwhile. */
    fun setForeground(value: Boolean) {
        if (foreground == value) return
        foreground = value
        applyTimer()
        render()
    }

    fun onPointTap(point: String) {
        val s = session ?: return
        val result = try {
            s.tap(point)
        } catch (e: MillsException) {
            feedback = LessonFeedback.Refused(e.toUiText())
            render()
            return
        }
        handle(result, point)
    }

    /** Shows the lesson's hint (the feedback line, a live region, reads it out). */
    fun showHint() {
        if (session == null) return
        hintShown = true
        render()
    }

    /** Back to the lesson's starting position (a reset: the board is redrawn, not animated). */
    fun tryAgain() {
        val s = session ?: return
        s.tryAgain()
        feedback = null
        say(text(StringKey.AnnounceLessonTryAgain))
        startTimer()
        render()
    }

    /** The lesson after this one, to open next; `null` after the course's last. */
    fun nextLessonId(): String? = session?.nextLesson()?.id

    /** The lesson screen is gone: its session is freed and its timer stopped. */
    fun close() {
        stopTimer()
        shown = false
        board.follow(null)
        session?.close()
        session = null
        state.value = null
    }

    override fun onCleared() = close()

    private fun handle(result: TapResult, point: String?) {
        when (val verdict = result.verdict) {
            is TapVerdict.Lesson -> {
                feedback = null
                val lessonVerdict = verdict.verdict
                if (lessonVerdict is LessonVerdict.Solved) solved(lessonVerdict.message)
            }
            is TapVerdict.LessonWrong -> judged(LessonFeedback.Wrong(verdict.explanation), point)
            is TapVerdict.LessonNotThisTime -> judged(LessonFeedback.NotThisTime(verdict.message), point)
            else -> when (val step = result.step) {
                is TapStep.Selected -> say(text(StringKey.AnnouncePicked, step.point))
                is TapStep.Deselected -> say(text(StringKey.AnnounceDropped, step.point))
                is TapStep.Refused -> judged(LessonFeedback.Refused(step.refusal.toUiText()), point)
                // a finished lesson takes no taps
                is TapStep.Played, TapStep.Unchanged -> Unit
            }
        }
        render()
    }

    /** The lesson did not take the action: nothing was played; the point shakes. */
    private fun judged(verdict: LessonFeedback, point: String?) {
        feedback = verdict
        transient = transient.copy(
            // a tap's verdict replaces what was said before; the timer's keeps "time is up"
            announcement = transient.announcement.takeIf { point == null },
            shakePoint = point,
            shakeKey = transient.shakeKey + (if (point != null) 1 else 0),
        )
        effectFlow.tryEmit(GameEffect.Refused)
    }

    private fun solved(message: String) {
        val s = session ?: return
        stopTimer()
        feedback = LessonFeedback.Solved(message)
        progressNotSaved = !repository.markSolved(s.lesson().id)
        effectFlow.tryEmit(GameEffect.Won)
    }

    private fun say(announcement: UiText) {
        transient = transient.copy(announcement = announcement)
    }

    /** A timer lesson's countdown from its full time (the lesson opened or tried again). */
    private fun startTimer() {
        countdown.stop()
        val s = session ?: return
        val seconds = s.lesson().timerSeconds?.toLong() ?: return
        if (s.isSolved()) return
        countdown.start(seconds * 1_000, s.lesson().learner, run = shown && foreground)
    }

    /** The countdown runs while the screen is shown and the app in front, else it holds. */
    private fun applyTimer() {
        if (session != null) countdown.apply(run = shown && foreground)
    }

    private fun stopTimer() = countdown.stop()

    private fun timedOut() {
        val s = session ?: return
        val result = try {
            s.timeOut()
        } catch (e: MillsException) {
            feedback = LessonFeedback.Refused(e.toUiText())
            render()
            return
        }
        say(text(StringKey.AnnounceLessonTimedOut))
        handle(result, point = null)
        // not the moment to let the time run out ("not this time"): the turn's clock starts again
        if (result.step !is TapStep.Played && !s.isSolved()) {
            startTimer()
            render()
        }
    }

    /** Redraws from the lesson's snapshot; animates the engine's changes that led to it. */
    private fun render() {
        val s = session ?: return
        board.refresh()
        val changes = board.takeChanges()
        val snapshot = board.snapshot.value ?: return
        val game = snapshot.config.game
        if (changes.isNotEmpty()) {
            val motions = Motion.of(changes)
            val announcement = Announcer.describe(
                motions,
                game,
                PlayerNames(snapshot.config.mode),
                changes.any { it.lines.isNotEmpty() },
            )
            transient = transient.copy(
                motions = motions,
                motionKey = transient.motionKey + 1,
                announcement = announcement ?: transient.announcement,
            )
            if (feedback !is LessonFeedback.Solved) emitMotionEffect(motions, changes.any { it.lines.isNotEmpty() })
        }
        val board = GameUiMapper.map(snapshot, transient)
        val info = s.lesson()
        val solved = s.isSolved()
        state.value = LessonUiState(
            lesson = info,
            game = game,
            number = info.index.toInt() + 1,
            total = total,
            board = board.board,
            sides = listOf(board.player(info.learner), board.player(info.learner.opponent())),
            prompt = board.prompt.takeIf { !solved && countdown.timer == null },
            feedback = feedback,
            hint = info.hint.takeIf { hintShown },
            solved = solved,
            next = if (solved) s.nextLesson() else null,
            timer = countdown.timer,
            announcement = transient.announcement,
            progressNotSaved = progressNotSaved,
        )
    }

    private fun emitMotionEffect(motions: List<Motion>, formedLine: Boolean) {
        motionEffect(motions, formedLine)?.let(effectFlow::tryEmit)
    }
}
