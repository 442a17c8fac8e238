package app.mills.ui.puzzles

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.mills.data.BoardFeed
import app.mills.data.PuzzleRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.GameUiMapper
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.ReviewUiMapper
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
import uniffi.mills_ffi.Hint
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.PuzzleInfo
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.PuzzleState
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict
import uniffi.mills_ffi.TurnVerdict
import kotlin.random.Random

/**
 * The puzzles being played, one at a time, on the engine's [PuzzleSession]: it judges every
 * whole turn against the endgame tables (the defender's reply, a wrong turn and what it allows,
 * solved), gives hints and retries, and the board is drawn and animated from its board's
 * changes ([BoardFeed]), as in a game. The list comes from the mode (today's puzzle, a rush, a grade);
 * a rush's clock is the app's. Each first attempt is recorded in the statistics and the rating.
 * Call it from the main thread.
 */
class PuzzleViewModel(
    private val repository: PuzzleRepository,
    /** Runs on the main thread; cancelled when the view model is cleared. */
    scope: CoroutineScope,
    /** How long one second of the rush's clock lasts (tests shorten it). */
    secondMs: Long = 1_000,
    /** A new rush order each rush. */
    private val rushSeed: () -> ULong = { Random.nextLong().toULong() },
) : ViewModel(scope) {
    private val state = MutableStateFlow<PuzzleUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)

    private var session: PuzzleSession? = null
    private var mode: PuzzleMode = PuzzleMode.Daily
    private var locale = ""
    private var list: List<PuzzleInfo> = emptyList()
    private var index = 0
    private val board = BoardFeed()
    private var transient = Transient()
    private var feedback: PuzzleFeedback? = null
    private var hint: Hint? = null
    private var recorded = false
    private var notSaved = false
    private var rushSolved = 0
    private var rushOver = false
    private var rushBest = false
    private var foreground = true
    private val clock = Countdown(viewModelScope, secondMs, onTimeUp = ::timeUp)

    val uiState: StateFlow<PuzzleUiState?> = state.asStateFlow()

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    /** The mode on screen now (`null` when none is open). */
    val currentMode: PuzzleMode? get() = mode.takeIf { session != null }

    /**
     * Starts [mode] in [locale] at [puzzleId] (its first puzzle when absent): `null` once open,
     * or why it could not be (the tables still being prepared, no puzzle).
     */
    fun start(mode: PuzzleMode, locale: String, puzzleId: String? = null): UiText? {
        close()
        this.mode = mode
        this.locale = locale
        list = when (mode) {
            PuzzleMode.Daily -> listOfNotNull(repository.daily())
            is PuzzleMode.Rush -> repository.rushOrder(mode.game, rushSeed())
            is PuzzleMode.Choice -> repository.choose(mode.game, mode.grade, mode.kind)
        }
        rushSolved = 0
        rushOver = false
        rushBest = false
        val at = list.indexOfFirst { it.id == puzzleId }.coerceAtLeast(0)
        val error = open(at)
        if (error == null && mode is PuzzleMode.Rush) {
            clock.start(repository.rushSeconds * 1_000L, list[at].player, run = foreground)
            render()
        }
        return error
    }

    fun onPointTap(point: String) {
        val s = session ?: return
        if (rushOver) return
        val result = try {
            s.tap(point)
        } catch (e: MillsException) {
            feedback = PuzzleFeedback.Refused(e.toUiText())
            render()
            return
        }
        val step = result.step
        val verdict = result.verdict
        when {
            verdict is TapVerdict.Puzzle -> played(s, verdict.verdict)
            step is TapStep.Refused -> refused(PuzzleFeedback.Refused(step.refusal.toUiText()), point)
            // a selection, or a tap once the attempt is over
            else -> Unit
        }
        render()
    }

    /** Shows a winning turn on the board (a turn begun is taken back); it counts as a hint. */
    fun showHint() {
        val s = session ?: return
        hint = try {
            s.hint()
        } catch (e: MillsException) {
            null
        }
        render()
    }

    /** The puzzle again from its position (not in a rush); the first attempt's result stays. */
    fun retry() {
        val s = session ?: return
        if (mode is PuzzleMode.Rush) return
        s.retry()
        feedback = null
        hint = null
        render()
    }

    /** The next puzzle of the list; false after the last. */
    fun next(): Boolean {
        if (index + 1 >= list.size || rushOver) return false
        return open(index + 1) == null
    }

    /** The app went to the background (false) or came back (true): a rush's clock waits meanwhile. */
    fun setForeground(value: Boolean) {
        if (foreground == value) return
        foreground = value
        if (!rushOver && session != null) clock.apply(run = value)
        render()
    }

    /** The puzzle screen is gone: its session is freed and a rush's clock stopped. */
    fun close() {
        clock.stop()
        board.follow(null)
        session?.close()
        session = null
        state.value = null
    }

    override fun onCleared() = close()

    private fun open(at: Int): UiText? {
        val info = list.getOrNull(at) ?: return text(StringKey.ErrorNotAvailable)
        val opened = when (val result = repository.open(info.id, locale)) {
            is PuzzleRepository.Opened.Session -> result.session
            is PuzzleRepository.Opened.Refused -> return result.error.toUiText()
        }
        session?.close()
        session = opened
        index = at
        board.follow(opened.board(), redraw = false)
        transient = Transient()
        feedback = null
        hint = null
        recorded = false
        render()
        return null
    }

    private fun played(s: PuzzleSession, verdict: TurnVerdict) {
        hint = null
        when (verdict) {
            TurnVerdict.Continue -> Unit
            is TurnVerdict.Right -> feedback = PuzzleFeedback.Right(verdict.turnsLeft.toInt())
            is TurnVerdict.Solved -> {
                feedback = PuzzleFeedback.Solved(verdict.result)
                if (!recorded && mode is PuzzleMode.Rush) rushSolved++
                record(s)
                effectFlow.tryEmit(GameEffect.Won)
            }
            is TurnVerdict.Wrong -> {
                feedback = PuzzleFeedback.Wrong(verdict.wrong.explanation)
                record(s)
                effectFlow.tryEmit(GameEffect.Lost)
            }
        }
    }

    /** The first attempt's result goes to the statistics and the rating, once per puzzle opened. */
    private fun record(s: PuzzleSession) {
        if (recorded) return
        val result = s.result() ?: return
        recorded = true
        notSaved = !repository.record(s.puzzle().id, result)
    }

    private fun refused(verdict: PuzzleFeedback, point: String) {
        feedback = verdict
        transient = transient.copy(shakePoint = point, shakeKey = transient.shakeKey + 1)
        effectFlow.tryEmit(GameEffect.Refused)
    }

    private fun timeUp() {
        rushOver = true
        val game = (mode as? PuzzleMode.Rush)?.game
        if (game != null) rushBest = repository.recordRush(game, rushSolved)
        effectFlow.tryEmit(GameEffect.TimedOut)
        render()
    }

    /** Redraws from the puzzle's snapshot; animates the engine's changes that led to it. */
    private fun render() {
        val s = session ?: return
        board.refresh()
        val changes = board.takeChanges()
        val snapshot = board.snapshot.value ?: return
        if (changes.isNotEmpty()) {
            val motions = Motion.of(changes)
            val formed = changes.any { it.lines.isNotEmpty() }
            val said = Announcer.describe(motions, snapshot.config.game, PlayerNames(snapshot.config.mode), formed)
            transient = transient.copy(
                motions = motions,
                motionKey = transient.motionKey + 1,
                announcement = said ?: transient.announcement,
            )
            motionEffect(motions, formed)?.let(effectFlow::tryEmit)
        }
        val info = s.puzzle()
        val playing = s.state() == PuzzleState.Playing && !rushOver
        val mapped = GameUiMapper.map(snapshot, transient)
        val board = hint?.takeIf { playing }?.let { ReviewUiMapper.withHint(mapped.board, it) } ?: mapped.board
        val rush = mode is PuzzleMode.Rush
        state.value = PuzzleUiState(
            puzzle = info,
            mode = mode,
            number = (index + 1).takeIf { mode !is PuzzleMode.Daily },
            total = list.size.takeIf { mode !is PuzzleMode.Daily },
            goal = s.goal(),
            turnsLeft = s.turnsLeft().toInt(),
            board = board,
            sides = listOf(mapped.player(info.player), mapped.player(info.player.opponent())),
            prompt = mapped.prompt.takeIf { playing },
            feedback = feedback,
            hintShown = hint != null && playing,
            playing = playing,
            canRetry = !rush,
            hasNext = index + 1 < list.size && !rushOver,
            rush = if (rush) RushUi(clock.timer, rushSolved, rushOver, rushBest) else null,
            announcement = transient.announcement,
            notSaved = notSaved,
        )
    }
}
