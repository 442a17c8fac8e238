package app.mills.game

import app.mills.strings.UiText
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player

/** What a tap on a point does now. */
enum class TargetKind { Place, Pick, Destination, Pin, Capture, Pull }

data class PointUi(
    val name: String,
    val grid: GridPoint,
    val owner: Player?,
    val target: TargetKind?,
    val selected: Boolean,
    val inMill: Boolean,
    /** The last turn placed, moved or removed here. */
    val lastTurn: Boolean,
    /** For screen readers: "d6, your piece, can move". */
    val description: UiText,
    /** The part this point plays in the hint shown, if any. */
    val hint: HintRole? = null,
)

data class BoardUiState(
    val points: List<PointUi>,
    /** Linked-Horse: the stable is drawn at the centre with the banked pieces. */
    val showStable: Boolean,
    val stableP1: Int,
    val stableP2: Int,
    /** Lines the last turn completed, three point names each. */
    val lines: List<List<String>>,
    /** How the board got here from the previous state; [motionKey] changes with them. */
    val motions: List<Motion>,
    val motionKey: Int,
    /** A refused tap shakes this point; [shakeKey] changes with every refusal. */
    val shakePoint: String?,
    val shakeKey: Int,
    /** The hint shown on the board: the piece, its destination, the removals. */
    val hint: BoardHint? = null,
)

data class PlayerUi(
    val player: Player,
    val name: UiText,
    val isComputer: Boolean,
    val active: Boolean,
    val inHand: Int,
    val onBoard: Int,
    val tallyLabel: UiText,
    val tally: Int,
    /** What this player must do now, when it is their turn. */
    val prompt: UiText?,
    /** The whole panel in one sentence, for screen readers. */
    val summary: UiText,
)

/** The turn timer: [remainingMs] left at [stampNanos] (System.nanoTime), counting while [running]. */
data class TimerUi(
    val player: Player,
    val remainingMs: Long,
    val totalMs: Long,
    val running: Boolean,
    val stampNanos: Long,
)

data class ResultUi(
    val title: UiText,
    val reason: UiText?,
    val turns: Int,
    val winner: Player?,
    /** Against the computer: whether the human won (`null` for a draw or pass-and-play). */
    val humanWon: Boolean?,
    val hintsUsed: Int = 0,
)

data class GameUiState(
    val game: GameId,
    val title: UiText,
    val modeLabel: UiText,
    val passAndPlay: Boolean,
    val board: BoardUiState,
    val p1: PlayerUi,
    val p2: PlayerUi,
    /** The player whose panel is at the bottom (the human against the computer). */
    val nearPlayer: Player,
    val toMove: Player,
    /** "Your turn", "White to play", ... */
    val status: UiText,
    /** What to do now: "Place a piece", "Pin one of the opponent's pieces", ... */
    val prompt: UiText,
    /** What just happened, for everyone (and announced to screen readers). */
    val announcement: UiText?,
    /** Why the last tap did nothing. */
    val message: UiText?,
    val thinking: Boolean,
    val canUndo: Boolean,
    val canRedo: Boolean,
    val canResign: Boolean,
    /** A new game would throw this one away (the engine's `unfinished`): ask first. */
    val newGameNeedsConfirm: Boolean,
    val result: ResultUi?,
    val showResult: Boolean,
    val timer: TimerUi?,
    val faceToFace: Boolean,
    val turns: Int,
    // game/ReviewUi.kt: the move list, review, hint, evaluation bar, record
    val moves: MoveListUi = MoveListUi(),
    /** Set while an earlier position is shown; the board is then that position. */
    val review: ReviewUi? = null,
    val canHint: Boolean = false,
    /** A hint is being searched for (the Hint button then stops it). */
    val hintBusy: Boolean = false,
    val hintsUsed: Int = 0,
    /** The evaluation bar is on (Settings) and shown (not while reviewing). */
    val showEvaluation: Boolean = false,
    /** The latest evaluation; `null` until the first one is in. */
    val evaluation: EvaluationUi? = null,
    /** The exported record, while its sheet is open. */
    val record: RecordUi? = null,
) {
    fun player(player: Player): PlayerUi = if (player == Player.P1) p1 else p2

    val farPlayer: Player get() = if (nearPlayer == Player.P1) Player.P2 else Player.P1
}
