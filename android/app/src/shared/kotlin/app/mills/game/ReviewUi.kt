package app.mills.game

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.Evaluation
import uniffi.mills_ffi.Hint
import uniffi.mills_ffi.NextStep
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.ReviewPosition
import uniffi.mills_ffi.TurnEnd
import uniffi.mills_ffi.TurnEntry
import uniffi.mills_ffi.Verdict

/** One row of the move list: a turn as the engine wrote it, numbered from 1. */
data class MoveRowUi(
    /** The engine's turn index (from 0). */
    val index: Int,
    val number: Int,
    val player: Player,
    /** The turn in the rules' notation (`d6-d5xd7`), or "resigned". */
    val notation: UiText,
    /** How it ended when that is worth saying: time ran out, being played, to play. */
    val note: UiText?,
    val highlighted: Boolean,
    /** The turn still to be played (no action yet): shown, not selectable. */
    val pending: Boolean,
    /** For screen readers: "Turn 9, White: a7xg1, current turn". */
    val description: UiText,
)

data class MoveListUi(
    val rows: List<MoveRowUi> = emptyList(),
    /** Phones: the collapsible panel is open (tablets always show the column). */
    val open: Boolean = false,
    /** Turns with actions (review positions run from 0 to this). */
    val turns: Int = 0,
)

/** An earlier position shown on the board (review position [position] of [turns]). */
data class ReviewUi(
    val position: Int,
    val turns: Int,
    /** "After turn 9 of 12: White a7xg1", or "Start of the game". */
    val caption: UiText,
    /** "Black to play", or "Final position". */
    val toPlay: UiText,
    val canBack: Boolean,
    val canForward: Boolean,
    /** Not at the live position: "Play from here" can make this position the live one. */
    val canPlayFromHere: Boolean,
    /** Why the last review command did nothing (the engine's refusal). */
    val message: UiText? = null,
)

/** What a point is in the hint shown. */
enum class HintRole { Piece, Destination, Removal }

data class BoardHint(val piece: String?, val destination: String?, val removals: List<String>)

data class EvaluationUi(
    /** White's (P1's) share of the bar, 0 to 1. */
    val bar: Float,
    /** The engine's verdict in words: "White is better", "Level", "Black wins in 7 turns". */
    val words: UiText,
)

/** The exported record, shown in its sheet before it is shared or copied. */
data class RecordUi(val text: String, val hintsUsed: Int)

/** Turns the engine's move list, review positions, hints and evaluations into what is drawn. Pure. */
object ReviewUiMapper {
    /**
     * The move list with [highlighted] marked (a turn index), and, while a turn is still to be
     * played ([pendingTurn] past the last entry), a row for it.
     */
    fun moveList(
        entries: List<TurnEntry>,
        turns: Int,
        highlighted: Int?,
        pendingTurn: Int?,
        pendingPlayer: Player?,
        open: Boolean,
        names: PlayerNames,
    ): MoveListUi {
        val rows = entries.map { entry ->
            val index = entry.index.toInt()
            val notation = if (entry.end == TurnEnd.RESIGNATION) text(StringKey.MovesResigned) else UiText.Raw(entry.notation)
            val note = when (entry.end) {
                TurnEnd.TIMER_PASS -> text(StringKey.MovesTimerPass)
                TurnEnd.IN_PROGRESS -> text(StringKey.MovesInProgress)
                TurnEnd.COMPLETE, TurnEnd.RESIGNATION -> null
            }
            row(index, entry.player, notation, note, index == highlighted, pending = false, names)
        }.toMutableList()
        if (pendingTurn != null && pendingPlayer != null && rows.none { it.index == pendingTurn }) {
            val toPlay = text(StringKey.MovesToPlay)
            rows += row(pendingTurn, pendingPlayer, UiText.Raw("…"), toPlay, pendingTurn == highlighted, pending = true, names)
        }
        return MoveListUi(rows, open, turns)
    }

    private fun row(
        index: Int,
        player: Player,
        notation: UiText,
        note: UiText?,
        highlighted: Boolean,
        pending: Boolean,
        names: PlayerNames,
    ): MoveRowUi {
        val parts = mutableListOf(text(StringKey.MovesRow, index + 1, names.name(player), note?.takeIf { pending } ?: notation))
        if (!pending) note?.let { parts += it }
        if (highlighted) parts += text(StringKey.MovesCurrent)
        return MoveRowUi(index, index + 1, player, notation, note, highlighted, pending, UiText.Joined(parts))
    }

    /** The words above the review controls for review position [position]. */
    fun caption(position: ReviewPosition, entries: List<TurnEntry>, names: PlayerNames): Pair<UiText, UiText> {
        val turn = position.turn.toInt()
        val turns = position.turns.toInt()
        val caption = if (turn == 0) {
            text(StringKey.ReviewStart, turns)
        } else {
            val entry = entries.firstOrNull { it.index.toInt() == turn - 1 }
            val player = position.lastTurnPlayer ?: entry?.player ?: position.toMove.opponent()
            text(StringKey.ReviewAfterTurn, turn, turns, names.colour(player), UiText.Raw(entry?.notation.orEmpty()))
        }
        val toPlay = if (position.outcome != null) {
            text(StringKey.ReviewFinal)
        } else {
            text(StringKey.ReviewToPlay, names.colour(position.toMove))
        }
        return caption to toPlay
    }

    /** The board of a review position: its pieces and its last turn, nothing to tap. */
    fun reviewBoard(live: BoardUiState, position: ReviewPosition, names: PlayerNames): BoardUiState = live.copy(
        points = GameUiMapper.pointsUi(position.points, position.lastTurnPoints, null, names),
        stableP1 = position.p1.stable.toInt(),
        stableP2 = position.p2.stable.toInt(),
        lines = emptyList(),
        motions = emptyList(),
        shakePoint = null,
        hint = null,
    )

    /** The panels of a review position (its counts, nobody's prompt). */
    fun reviewPanels(state: GameUiState, position: ReviewPosition, names: PlayerNames): Pair<PlayerUi, PlayerUi> {
        val active = { player: Player -> position.outcome == null && position.toMove == player }
        return GameUiMapper.playerUi(position.p1, Player.P1, active(Player.P1), names, null) to
            GameUiMapper.playerUi(position.p2, Player.P2, active(Player.P2), names, null)
    }

    /** Marks the hint on the live board: the piece, its destination, the removals it owes. */
    fun withHint(board: BoardUiState, hint: Hint): BoardUiState {
        val roles = buildMap {
            hint.removals.forEach { put(it, HintRole.Removal) }
            hint.piece?.let { put(it, HintRole.Piece) }
            hint.destination?.let { put(it, HintRole.Destination) }
        }
        return board.copy(
            hint = BoardHint(hint.piece, hint.destination, hint.removals),
            points = board.points.map { point ->
                val role = roles[point.name] ?: return@map point
                val words = text(
                    when (role) {
                        HintRole.Piece -> StringKey.PointHintPiece
                        HintRole.Destination -> StringKey.PointHintDestination
                        HintRole.Removal -> StringKey.PointHintRemoval
                    },
                )
                point.copy(hint = role, description = UiText.Joined(listOf(point.description, words)))
            },
        )
    }

    /**
     * The hint in a sentence: "Hint: move d6 to d5, then take d7". A blocked side's pull
     * (the first removal) comes before its step ([next] is the engine's `Pull` step then).
     */
    fun hintText(hint: Hint, next: NextStep): UiText {
        val piece = hint.piece
        val destination = hint.destination
        val takes = hint.removals.map { UiText.Raw(it) }
        if (next is NextStep.Pull && takes.isNotEmpty()) {
            // the pull, then the step, then whatever the step's mill takes
            val parts = mutableListOf(text(StringKey.HintRemoveOnly, takes.first()))
            if (piece != null && destination != null) parts += text(StringKey.HintThenStep, piece, destination)
            parts += takes.drop(1).map { text(StringKey.HintRemove, it) }
            return UiText.Joined(parts)
        }
        val main = when {
            piece != null && destination != null -> text(StringKey.HintStep, piece, destination)
            destination != null -> text(StringKey.HintPlace, destination)
            else -> null
        }
        return when {
            main == null -> text(StringKey.HintRemoveOnly, UiText.Joined(takes))
            takes.isEmpty() -> main
            else -> UiText.Joined(listOf(main) + takes.map { text(StringKey.HintRemove, it) })
        }
    }

    /** The evaluation bar and its words, from the engine's verdict. */
    fun evaluation(evaluation: Evaluation, names: PlayerNames): EvaluationUi {
        val words = when (val v = evaluation.verdict) {
            Verdict.Equal -> text(StringKey.EvalLevel)
            is Verdict.SlightlyBetter -> text(StringKey.EvalSlightlyBetter, names.colour(v.player))
            is Verdict.Better -> text(StringKey.EvalBetter, names.colour(v.player))
            is Verdict.Winning -> text(StringKey.EvalWinning, names.colour(v.player))
            is Verdict.ForcedWin -> text(StringKey.EvalForcedWin, names.colour(v.player))
            is Verdict.ExactWin -> when (v.turns) {
                0u -> text(StringKey.EvalWon, names.colour(v.player))
                1u -> text(StringKey.EvalExactWinOne, names.colour(v.player))
                else -> text(StringKey.EvalExactWin, names.colour(v.player), v.turns.toInt())
            }
            Verdict.ExactDraw -> text(StringKey.EvalDraw)
        }
        return EvaluationUi(evaluation.bar.toFloat().coerceIn(0f, 1f), words)
    }
}
