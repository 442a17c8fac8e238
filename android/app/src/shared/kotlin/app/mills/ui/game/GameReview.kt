package app.mills.ui.game

import app.mills.data.GameRepository
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import uniffi.mills_ffi.ReviewPosition
import uniffi.mills_ffi.TurnEntry

/**
 * The move list and the review. Review position `n` is the board as turn `n` began (turn
 * `n - 1` its highlighted last turn); position [turns] is the live board.
 */
data class ReviewState(
    /** Every turn of the game, oldest first (the engine's move list). */
    val moves: List<TurnEntry> = emptyList(),
    /** The turn being played (in a finished game, the last one played). */
    val currentTurn: Int? = null,
    /** Turns with actions: review positions run from 0 to this. */
    val turns: Int = 0,
    /** The review position shown instead of the live game; `null` while playing. */
    val at: Int? = null,
    /** The engine's board at [at]. */
    val position: ReviewPosition? = null,
    /** Why the last review command did nothing. */
    val message: UiText? = null,
    /** Phones: the move-list panel is open. */
    val movesOpen: Boolean = false,
) {
    val reviewing: Boolean get() = at != null
}

/**
 * The move list and the review of earlier positions: the engine's turns (`moveList`) and, while
 * reviewing, its board at an earlier turn (`reviewPosition`). Both are read when the game or
 * the position shown changes, never while drawing. The live game is untouched until "Play from
 * here" ([playFromHere]). Call it from the main thread.
 */
class GameReview(private val repository: GameRepository) {
    private val state = MutableStateFlow(ReviewState())

    val uiState: StateFlow<ReviewState> = state.asStateFlow()

    val current: ReviewState get() = state.value

    val reviewing: Boolean get() = current.reviewing

    /** Reads the move list again after the game changed; a review stays at its turn (or the last one). */
    fun reload() {
        val turns = repository.reviewPosition(0)?.turns?.toInt() ?: 0
        val at = current.at?.coerceAtMost(turns)
        val moves = repository.moveList()
        val currentTurn = repository.currentTurn()
        val position = at?.let(repository::reviewPosition)
        state.update { it.copy(moves = moves, currentTurn = currentTurn, turns = turns, at = at, position = position) }
    }

    /** Shows review position [position] (clamped to the game); true if the review just opened. */
    fun show(position: Int): Boolean {
        val opened = !reviewing
        val target = position.coerceIn(0, current.turns)
        val shown = repository.reviewPosition(target)
        state.update { it.copy(at = target, position = shown, message = null) }
        return opened
    }

    /** The position one turn back (from the live game: before its last turn); `null` if there is none. */
    fun positionBefore(): Int? {
        val at = current.at
        if (at == null && current.turns == 0) return null
        return (at ?: current.turns) - 1
    }

    /** The position one turn forward; `null` while playing. */
    fun positionAfter(): Int? = current.at?.plus(1)

    /** Back to the live game. */
    fun leave() = state.update { it.copy(at = null, position = null, message = null) }

    fun toggleMoves() = state.update { it.copy(movesOpen = !it.movesOpen) }

    fun openMoves() = state.update { it.copy(movesOpen = true) }

    /** A tap on the board while reviewing: nothing is played, and the screen says why. */
    fun refuseTap() = state.update { it.copy(message = text(StringKey.ReviewTapRefused)) }

    /**
     * "Play from here": the position shown becomes the live one (one undo, by the engine's
     * undo rules). Returns the live turn's index, or `null` with the engine's refusal shown.
     */
    fun playFromHere(): Int? {
        val at = current.at ?: return null
        val live = repository.undoToTurn(at)
        if (live == null) {
            val why = repository.lastError?.toUiText()
            state.update { it.copy(message = why) }
        }
        return live
    }
}
