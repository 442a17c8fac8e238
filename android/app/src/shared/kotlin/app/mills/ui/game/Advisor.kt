package app.mills.ui.game

import app.mills.data.GameRepository
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import uniffi.mills_ffi.Evaluation
import uniffi.mills_ffi.Hint
import uniffi.mills_ffi.MillsException

/** The engine's advice on the live game, and what keeps an old answer from showing as a new one. */
data class AdvisorState(
    /** Counts the changes of the game (moves, undo, a new game): hints and evaluations are of one. */
    val gameVersion: Int = 0,
    val hint: Hint? = null,
    val hintVersion: Int = -1,
    /** A hint is being searched for (the Hint button then stops it). */
    val hintBusy: Boolean = false,
    /** Each request (and each stop) gets a number: an answer to an older one is dropped. */
    val hintRequest: Int = 0,
    /** The latest evaluation; `null` until the first one is in. */
    val evaluation: Evaluation? = null,
    val evaluationVersion: Int = -1,
    val evaluating: Boolean = false,
    /** Hints given in this game (the engine counts them; they go into its record). */
    val hintsUsed: Int = 0,
) {
    /** The hint to draw: only on the position it was found for. */
    val currentHint: Hint? get() = hint.takeIf { hintVersion == gameVersion }
}

/** What became of a hint asked for. */
sealed interface HintAnswer {
    data class Found(val hint: Hint) : HintAnswer

    /** The engine found nothing to suggest (or the search was stopped from inside). */
    data object None : HintAnswer

    data class Failed(val error: MillsException) : HintAnswer

    /** The game or the request changed meanwhile: nothing to say. */
    data object Stale : HintAnswer
}

/**
 * The engine's advice on the live game: a hint (the best rest of the turn) and the evaluation
 * bar (who stands better). Both are searches that block their thread, so they run off the main
 * thread (the repository's background dispatcher) and come back to [scope]; they share the
 * session's one search slot, so a hint asked for during an evaluation stops it. Call it from
 * the main thread.
 */
class Advisor(
    private val repository: GameRepository,
    /** The view model's scope (main thread): answers are handled there. */
    private val scope: CoroutineScope,
    /** An evaluation came in (or failed): the screen is drawn again. */
    private val onEvaluated: () -> Unit,
) {
    private val state = MutableStateFlow(AdvisorState())

    val uiState: StateFlow<AdvisorState> = state.asStateFlow()

    val current: AdvisorState get() = state.value

    /** The game changed: a hint no longer applies and the evaluation is out of date. */
    fun gameChanged() {
        val hintsUsed = repository.hintsUsed()
        state.update { it.copy(gameVersion = it.gameVersion + 1, hintsUsed = hintsUsed) }
    }

    /** Another session is installed: nothing of the old one's advice stays. */
    fun reset() = state.update { it.copy(hintRequest = it.hintRequest + 1, hintBusy = false, hint = null, evaluation = null) }

    /**
     * Asks the engine for a hint (about a second); [answered] gets what came of it, on the
     * main thread. An evaluation in progress gives way (the hint would wait for it otherwise).
     */
    fun askHint(answered: (HintAnswer) -> Unit) {
        val before = current
        val request = before.hintRequest + 1
        val version = before.gameVersion
        val session = repository.sessionId
        state.update { it.copy(hintRequest = request, hintBusy = true, hint = null) }
        if (before.evaluating) repository.cancelSearch()
        // undispatched: the search is asked for now, so a stop from now on reaches it
        scope.launch(start = CoroutineStart.UNDISPATCHED) {
            val result = repository.hint(HINT_MS)
            answered(hintAnswered(result, request, version, session))
        }
    }

    /** Stops the hint being searched for (a tap, undo, leaving the screen...). */
    fun stopHint() {
        if (!current.hintBusy) return
        state.update { it.copy(hintBusy = false, hintRequest = it.hintRequest + 1) }
        repository.cancelSearch()
    }

    private fun hintAnswered(result: Result<Hint?>, request: Int, version: Int, session: Int): HintAnswer {
        // the engine counts a hint it gave, even one that comes too late to show
        val hintsUsed = repository.hintsUsed()
        state.update { it.copy(hintsUsed = hintsUsed) }
        if (request != current.hintRequest) return HintAnswer.Stale
        state.update { it.copy(hintBusy = false) }
        if (session != repository.sessionId || version != current.gameVersion) return HintAnswer.Stale
        return result.fold(
            onSuccess = { found ->
                if (found == null) return HintAnswer.None
                state.update { it.copy(hint = found, hintVersion = version) }
                HintAnswer.Found(found)
            },
            onFailure = { e -> if (e is MillsException) HintAnswer.Failed(e) else HintAnswer.Stale },
        )
    }

    /**
     * Evaluates the live position in the background if the bar is [on] and nothing else needs
     * the search slot (a hint, the computer's turn); not while [reviewing] (the bar is hidden
     * then and catches up when the live game is back).
     */
    fun evaluateIfIdle(on: Boolean, computerThinking: Boolean, reviewing: Boolean) {
        val now = current
        if (!on || now.evaluating || now.hintBusy || computerThinking || reviewing) return
        if (now.evaluationVersion == now.gameVersion) return
        val version = now.gameVersion
        val session = repository.sessionId
        state.update { it.copy(evaluating = true) }
        scope.launch(start = CoroutineStart.UNDISPATCHED) {
            val result = repository.evaluate(EVALUATION_MS)
            evaluated(result, version, session)
            onEvaluated()
        }
    }

    private fun evaluated(result: Result<Evaluation?>, version: Int, session: Int) {
        state.update { it.copy(evaluating = false) }
        if (session != repository.sessionId || version != current.gameVersion) return
        result.onSuccess { found ->
            if (found != null) state.update { it.copy(evaluation = found, evaluationVersion = version) }
        }.onFailure { state.update { it.copy(evaluationVersion = version) } }
    }

    private companion object {
        /** The Hint button's search: about a second at full strength. */
        const val HINT_MS = 1_000

        /** The evaluation bar's search after each turn: short, it runs beside the game. */
        const val EVALUATION_MS = 400
    }
}
