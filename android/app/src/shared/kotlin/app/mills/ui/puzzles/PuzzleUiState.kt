package app.mills.ui.puzzles

import app.mills.game.BoardUiState
import app.mills.game.PlayerUi
import app.mills.game.TimerUi
import app.mills.strings.UiText
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleInfo
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleResult
import uniffi.mills_ffi.PuzzleStats

/** How the puzzles on the screen were picked. */
sealed interface PuzzleMode {
    /** Today's puzzle, the same for everyone. */
    data object Daily : PuzzleMode

    /** As many as possible in the engine's time, difficulty rising. */
    data class Rush(val game: GameId) : PuzzleMode

    /** The player's choice from a game's list of a grade (every grade for `null`) and a kind (both for `null`). */
    data class Choice(val game: GameId, val grade: PuzzleGrade?, val kind: PuzzleKind? = null) : PuzzleMode
}

/** What the puzzle said about the player's last turn. */
sealed interface PuzzleFeedback {
    /** A right turn: the defender answered; [turnsLeft] of the player's turns remain. */
    data class Right(val turnsLeft: Int) : PuzzleFeedback

    /** A wrong turn; [explanation] is the engine's, in the puzzle's language ("Now you lose in 7 turns."). */
    data class Wrong(val explanation: String) : PuzzleFeedback

    /** Solved; [result] is the first attempt's (what the statistics record). */
    data class Solved(val result: PuzzleResult) : PuzzleFeedback

    /** The rules refused the tap (an occupied point, a step that is not along a line, ...). */
    data class Refused(val reason: UiText) : PuzzleFeedback
}

/** A rush in progress or just over. */
data class RushUi(
    /** The countdown as the ring draws it; `null` once the time is up. */
    val timer: TimerUi?,
    val solved: Int,
    val over: Boolean,
    /** Over, and the game's best rush. */
    val newBest: Boolean,
)

/** One puzzle on the screen. */
data class PuzzleUiState(
    val puzzle: PuzzleInfo,
    val mode: PuzzleMode,
    /** The puzzle's place in its list (from 1) and the list's length; a daily puzzle has none. */
    val number: Int?,
    val total: Int?,
    /** The engine's "White to move and win in 5", in the puzzle's language. */
    val goal: String,
    val turnsLeft: Int,
    val board: BoardUiState,
    /** Both sides' counters (the player's first). */
    val sides: List<PlayerUi>,
    /** What to do on the board now; `null` once the attempt is over. */
    val prompt: UiText?,
    val feedback: PuzzleFeedback?,
    /** A hint is shown on the board. */
    val hintShown: Boolean,
    /** The attempt goes on: hints and taps are taken. */
    val playing: Boolean,
    val canRetry: Boolean,
    val hasNext: Boolean,
    val rush: RushUi?,
    /** What just happened on the board, for everyone and for screen readers. */
    val announcement: UiText?,
    /** The result could not be written to the statistics file. */
    val notSaved: Boolean,
)

/** One puzzle in the choice list. */
data class PuzzleItemUi(val puzzle: PuzzleInfo, val number: Int, val solved: Boolean)

/** The puzzles' home: the statistics and rating of a game, today's puzzle, the rush and the choice. */
data class PuzzleHubUiState(
    val game: GameId,
    val games: List<GameId>,
    val stats: PuzzleStats?,
    /** The game's puzzles, every grade. */
    val total: Int,
    val daily: PuzzleInfo?,
    val dailySolved: Boolean,
    /** The kind shown (both kinds for `null`). */
    val kind: PuzzleKind?,
    /** The kinds offered, besides both: every kind, even one without puzzles yet ([noneOfKind] says so). */
    val kinds: List<PuzzleKind>,
    /** Why the list is empty: the game has no puzzle of the kind chosen; `null` when it has. */
    val noneOfKind: UiText?,
    /** The grade shown (every grade for `null`): one the game has puzzles of. */
    val grade: PuzzleGrade?,
    /** The grades the game has puzzles of, easiest first: the only ones offered. */
    val grades: List<PuzzleGrade>,
    /** Which grades the game has no puzzle of, and why they are not offered; `null` if none. */
    val missingGrades: UiText?,
    val items: List<PuzzleItemUi>,
    /** Why a puzzle could not be opened, or the statistics not read. */
    val error: UiText?,
    /** A puzzle the player opened waits for the endgame tables (their progress is shown). */
    val waitingForTables: Boolean = false,
)
