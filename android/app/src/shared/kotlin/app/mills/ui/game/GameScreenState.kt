package app.mills.ui.game

import app.mills.game.GameUiMapper
import app.mills.game.GameUiState
import app.mills.game.PlayerNames
import app.mills.game.RecordUi
import app.mills.game.ReviewUi
import app.mills.game.ReviewUiMapper
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.Snapshot

/**
 * The game screen's one state, put together from what its parts hold: the live game, the
 * review, the advisor, the record sheet and the settings that change the drawing. Pure: no
 * engine call, so it can run on every change.
 */
internal object GameScreenState {
    fun of(
        snapshot: Snapshot,
        play: PlayState,
        review: ReviewState,
        advisor: AdvisorState,
        record: String?,
        evaluationBar: Boolean,
        nowNanos: Long = System.nanoTime(),
    ): GameUiState {
        val live = GameUiMapper.map(snapshot, play.transient, nowNanos)
        val names = PlayerNames(snapshot.config.mode)
        val position = review.position
        val over = snapshot.outcome != null
        val highlighted = if (position != null) position.turn.toInt() - 1 else review.currentTurn
        val pending = review.currentTurn.takeIf { !over && position == null }
        val moveList = ReviewUiMapper.moveList(review.moves, review.turns, highlighted, pending, snapshot.toMove, review.movesOpen, names)
        val shownHint = advisor.currentHint.takeIf { position == null }
        val hintsUsed = advisor.hintsUsed
        val state = live.copy(
            moves = moveList,
            canHint = position == null && !over && !snapshot.computerThinking && snapshot.toMove != names.computer,
            hintBusy = advisor.hintBusy,
            hintsUsed = hintsUsed,
            result = live.result?.copy(hintsUsed = hintsUsed),
            showEvaluation = evaluationBar && position == null,
            evaluation = advisor.evaluation?.let { ReviewUiMapper.evaluation(it, names) },
            record = record?.let { RecordUi(it, hintsUsed) },
            board = if (shownHint != null) ReviewUiMapper.withHint(live.board, shownHint) else live.board,
        )
        if (position == null) return state
        val (caption, toPlay) = ReviewUiMapper.caption(position, review.moves, names)
        val (p1, p2) = ReviewUiMapper.reviewPanels(live, position, names)
        return state.copy(
            board = ReviewUiMapper.reviewBoard(live.board, position, names),
            p1 = p1,
            p2 = p2,
            toMove = position.toMove,
            status = text(StringKey.ReviewStatus),
            prompt = UiText.Joined(listOf(caption, toPlay)),
            message = review.message,
            showResult = false,
            // the engine's timer waits while reviewing (TurnClock): drawn still
            timer = live.timer?.copy(running = false),
            review = ReviewUi(
                position = position.turn.toInt(),
                turns = position.turns.toInt(),
                caption = caption,
                toPlay = toPlay,
                canBack = position.turn > 0u,
                canForward = position.turn < position.turns,
                canPlayFromHere = position.turn < position.turns,
                message = review.message,
            ),
        )
    }
}
