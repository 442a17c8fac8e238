package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleGradeCount
import uniffi.mills_ffi.PuzzleInfo
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleResult
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.PuzzleStats
import uniffi.mills_ffi.puzzleChoose
import uniffi.mills_ffi.puzzleDaily
import uniffi.mills_ffi.puzzleGradeCounts
import uniffi.mills_ffi.puzzleOpeningGrade
import uniffi.mills_ffi.puzzleRushOrder
import uniffi.mills_ffi.puzzleRushSeconds
import uniffi.mills_ffi.puzzleStatsLoad
import uniffi.mills_ffi.puzzleStatsRecord
import uniffi.mills_ffi.puzzleStatsRecordRush
import java.time.LocalDate

/**
 * The engine's puzzles and the player's puzzle statistics and rating. The statistics file is
 * the engine's (`puzzleStats*` in the app's files directory): it replaces it atomically and
 * refuses a damaged one ([MillsException.CorruptSave]) without overwriting it. Games against
 * the computer reach the rating through the game session itself (`puzzleStatsPath`). Call it
 * from the main thread.
 */
class PuzzleRepository(
    private val files: AppFiles,
    /** The player's local calendar date, for the daily puzzle (tests fix it). */
    private val today: () -> LocalDate = { LocalDate.now() },
) {
    private val statsState = MutableStateFlow(PuzzleStatsState(games = emptyList()))

    /** Each game's statistics and rating, and the last error about the file. */
    val stats: StateFlow<PuzzleStatsState> = statsState.asStateFlow()

    /** How long a rush lasts, in seconds (the engine's). */
    val rushSeconds: Int = puzzleRushSeconds().toInt()

    /** A game's puzzles of [grade] (every grade for `null`) and [kind] (both for `null`), easiest first. */
    fun choose(game: GameId, grade: PuzzleGrade?, kind: PuzzleKind? = null): List<PuzzleInfo> = puzzleChoose(game, grade, kind)

    /** How many puzzles a game has of each grade, of [kind] (both for `null`), easiest first (0 for a grade it lacks). */
    fun gradeCounts(game: GameId, kind: PuzzleKind? = null): List<PuzzleGradeCount> = puzzleGradeCounts(game, kind)

    /**
     * The grade a game's choice of [kind] opens on: [preferred] if there are puzzles of it, else
     * the easiest; `null` when the game has no puzzle of the kind.
     */
    fun openingGrade(game: GameId, preferred: PuzzleGrade?, kind: PuzzleKind? = null): PuzzleGrade? =
        puzzleOpeningGrade(game, preferred, kind)

    /** Today's puzzle, the same for every player on this date; `null` if the engine has none. */
    fun daily(): PuzzleInfo? = try {
        val date = today()
        puzzleDaily(date.year, date.monthValue.toUInt(), date.dayOfMonth.toUInt(), null)
    } catch (e: MillsException) {
        null
    }

    /** A rush's puzzles, difficulty rising, in an order of its own ([seed]). */
    fun rushOrder(game: GameId, seed: ULong): List<PuzzleInfo> = puzzleRushOrder(game, seed)

    /** A puzzle to play, or why not (its tables not ready yet, an unknown id). */
    fun open(puzzleId: String, locale: String): Opened = try {
        Opened.Session(PuzzleSession(puzzleId, locale))
    } catch (e: MillsException) {
        Opened.Refused(e)
    }

    /** Reads the statistics file again. */
    fun refresh() {
        update(forgetOnError = true) { puzzleStatsLoad(files.puzzleStatsPath) }
    }

    /** Records a puzzle's first attempt; false if the file could not be written (the state says why). */
    fun record(puzzleId: String, result: PuzzleResult): Boolean = update {
        val game = puzzleStatsRecord(files.puzzleStatsPath, puzzleId, result)
        statsState.value.games.map { if (it.game == game.game) game else it }.ifEmpty { puzzleStatsLoad(files.puzzleStatsPath) }
    }

    /** Records a finished rush; true if it is the game's best (false too when it could not be written). */
    fun recordRush(game: GameId, solved: Int): Boolean {
        var best = false
        update {
            best = puzzleStatsRecordRush(files.puzzleStatsPath, game, solved.toUInt())
            puzzleStatsLoad(files.puzzleStatsPath)
        }
        return best
    }

    private fun update(forgetOnError: Boolean = false, call: () -> List<PuzzleStats>): Boolean = try {
        statsState.value = PuzzleStatsState(call())
        true
    } catch (e: MillsException) {
        val kept = if (forgetOnError) emptyList() else statsState.value.games
        statsState.value = PuzzleStatsState(kept, error = e)
        false
    }

    /** What opening a puzzle gave. */
    sealed interface Opened {
        data class Session(val session: PuzzleSession) : Opened

        data class Refused(val error: MillsException) : Opened
    }
}

/** Each game's puzzle statistics ([games] empty until read, or when they cannot be) and why not. */
data class PuzzleStatsState(val games: List<PuzzleStats>, val error: MillsException? = null) {
    fun of(game: GameId): PuzzleStats? = games.firstOrNull { it.game == game }
}
