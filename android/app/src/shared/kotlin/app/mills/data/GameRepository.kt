package app.mills.data

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableSharedFlow
import kotlinx.coroutines.flow.SharedFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asSharedFlow
import kotlinx.coroutines.launch
import uniffi.mills_ffi.Evaluation
import uniffi.mills_ffi.Hint
import uniffi.mills_ffi.RecordDetails
import uniffi.mills_ffi.ReviewPosition
import uniffi.mills_ffi.TextRecord
import uniffi.mills_ffi.TurnEntry
import uniffi.mills_ffi.BoardChange
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionEvent
import uniffi.mills_ffi.SessionListener
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.Snapshot
import uniffi.mills_ffi.StatsEntry
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.readSavedGame
import uniffi.mills_ffi.statsLoad

/**
 * The one game in progress: wraps the engine's [GameSession] (rules, computer player, timer,
 * autosave) and publishes its [snapshot], the board changes that led to it ([takeChanges]) and
 * its [events]. Its board is read by a [BoardFeed], as every screen's board is.
 *
 * Call it from the main thread. The session's listener is called on the engine's threads
 * (computer, timer); its events are handed to [mainScope] (whose dispatcher is the main
 * thread) before anything here or in the UI sees them.
 */
class GameRepository(
    private val files: AppFiles,
    private val mainScope: CoroutineScope,
    /** Seed of the computer's randomness; `null` for one from the clock. */
    private val seed: ULong? = null,
    /** Where hints and evaluations search (they block for up to their time limit). */
    background: CoroutineDispatcher = Dispatchers.Default,
    /** A turn timer that moves only with [advanceClockForTests] (no timer thread): tests' fake clock. */
    private val manualClock: Boolean = false,
) {
    private val searches = SearchSlot(background)
    private var session: GameSession? = null
    private var generation = 0
    private var foreground = true
    private var gameVisible = false
    private var boardCovered = false
    private val board = BoardFeed()
    private val eventFlow = MutableSharedFlow<GameEvent>(extraBufferCapacity = 64)

    /** The latest snapshot of the game in progress; `null` before one starts. */
    val snapshot: StateFlow<Snapshot?> = board.snapshot

    val events: SharedFlow<GameEvent> = eventFlow.asSharedFlow()

    /** The game that Home offers to continue: the one open, or else the autosaved one. */
    fun savedGame(): SavedGame? {
        snapshot.value?.let { snap ->
            return snap.takeIf { it.outcome == null }?.let(::savedGameOf)
        }
        val peek = restoreSaved(live = false) ?: return null
        return peek.first.use { it.snapshot() }
            .takeIf { it.outcome == null }
            ?.let(::savedGameOf)
    }

    private fun savedGameOf(snap: Snapshot) =
        SavedGame(snap.config.game, snap.config.mode, snap.turns.toInt(), snap.unfinished)

    /** Opens the autosaved game (after process death); false if there is none. */
    fun continueSaved(): Boolean {
        if (session != null) return true
        val restored = restoreSaved(live = true) ?: return false
        install(restored.first, restored.second)
        return true
    }

    fun start(config: SessionConfig) {
        val id = ++generation
        val created = guard { GameSession(config, options(live = true), Forwarder(id)) } ?: return
        install(created, id)
    }

    fun tap(point: String): TapResult? = command { it.tap(point) }

    fun undo(): Boolean = command { it.undo() } != null

    fun redo(): Boolean = command { it.redo() } != null

    fun resign(): Player? = command { it.resign() }

    fun newGame() {
        command { it.newGame() }
    }

    fun setLevel(level: Int) {
        command { it.setLevel(level.toUByte()) }
    }

    fun setTimer(timer: TurnTimer) {
        command { it.setTimer(timer) }
    }

    /** The app went to the background or came back: the turn timer stops meanwhile. */
    fun setForeground(value: Boolean) {
        foreground = value
        applyPause()
    }

    /** The game screen is shown or hidden (settings, rules): the timer runs only while shown. */
    fun setGameVisible(value: Boolean) {
        gameVisible = value
        applyPause()
    }

    /** The board changes since the last call, oldest first (a reset first after a redraw). */
    fun takeChanges(): List<BoardChange> = board.takeChanges()

    fun refresh() = board.refresh()

    /** Changes whenever another session is installed (a new game, a restored one, a record). */
    val sessionId: Int get() = generation

    /** The move list, oldest turn first (one replay in the engine: call it when the game changed). */
    fun moveList(): List<TurnEntry> = session?.let { s -> guard { s.moveList() } }.orEmpty()

    /** The index of the turn being played (in a finished game, the last one played). */
    fun currentTurn(): Int? = session?.let { s -> guard { s.currentTurn().toInt() } }

    /** The board as turn [turn] began (`turns`: the live position); the live game is untouched. */
    fun reviewPosition(turn: Int): ReviewPosition? = session?.let { s -> guard { s.reviewPosition(turn.toUInt()) } }

    /**
     * Something covers the live board on the game screen (an earlier position under review,
     * the record sheet): the turn timer stops meanwhile (the player cannot play), and runs
     * again when the board is uncovered.
     */
    fun setBoardCovered(value: Boolean) {
        if (boardCovered == value) return
        boardCovered = value
        applyPause()
    }

    /** "Play from here": review position [turn] becomes the live one (one undo, by the undo rules). */
    fun undoToTurn(turn: Int): Int? = command { it.undoToTurn(turn.toUInt()).toInt() }

    fun hintsUsed(): Int = session?.let { s -> guard { s.hintsUsed().toInt() } } ?: 0

    /**
     * The best rest of the turn for the side to move, searched on [background] for about
     * [timeMs]: `null` if cancelled ([cancelSearch]) or stale, a failure with the engine's
     * error (the game is over). The caller checks [sessionId] is unchanged before showing it.
     */
    suspend fun hint(timeMs: Int): Result<Hint?> = session?.let { s -> searches.run(s) { it.hint(timeMs.toUInt()) } }
        ?: Result.success(null)

    /** Who stands better now (a search of about [timeMs] on [background]); `null` if cancelled. */
    suspend fun evaluate(timeMs: Int): Result<Evaluation?> = session?.let { s -> searches.run(s) { it.evaluate(timeMs.toUInt()) } }
        ?: Result.success(null)

    /** Ends the hint or evaluation in progress (it answers `null`), and any still waiting to start. */
    fun cancelSearch() {
        searches.cancel()
        session?.let { s -> guard { s.cancelHint() } }
    }

    /** The game as a text record (docs/records.md), or `null` with [lastError] set. */
    fun exportRecord(details: RecordDetails): String? = session?.let { s -> guard { s.exportRecord(details) } }

    /**
     * Reads [text] as a game record and, if it is a good one, makes its game the one in
     * progress (pass-and-play, autosaved like any game, so that "play from here" goes on from
     * it). A bad record loads nothing: the failure carries the engine's `InvalidRecord`.
     */
    fun openRecord(text: String): Result<TextRecord> {
        val record = checkRecord(text).getOrElse { return Result.failure(it) }
        val id = generation + 1
        val opened = try {
            GameSession.fromRecord(text, options(live = true), Forwarder(id))
        } catch (e: MillsException) {
            return Result.failure(e)
        }
        install(opened, id)
        return Result.success(record)
    }

    /** Moves the fake clock ([manualClock]) by [ms] and applies a timer expiry it causes. */
    fun advanceClockForTests(ms: Long) {
        command { it.advanceClockForTests(ms.toULong()) }
    }

    /** Results against the computer, per game and level. */
    fun stats(): List<StatsEntry> = guard { statsLoad(files.statsPath) }.orEmpty()

    fun close() {
        session?.let(::retire)
        session = null
        board.follow(null)
    }

    private fun install(created: GameSession, id: Int) {
        session?.let(::retire)
        session = created
        generation = id
        board.follow(created.board())
        applyPause()
    }

    /** Ends a session for good (search cancelled, threads stopped, last autosave), then frees it. */
    private fun retire(old: GameSession) {
        guard { old.shutDown() }
        old.close()
    }

    private fun applyPause() {
        val s = session ?: return
        guard { if (foreground && gameVisible && !boardCovered) s.resume() else s.pause() }
        refresh()
    }

    private fun restoreSaved(live: Boolean): Pair<GameSession, Int>? {
        val json = guard { readSavedGame(files.autosavePath) } ?: return null
        val id = if (live) ++generation else -1
        val listener = if (live) Forwarder(id) else null
        return guard { GameSession.restore(json, options(live), listener) }?.let { it to id }
    }

    private fun options(live: Boolean) = SessionOptions(
        autosavePath = files.autosavePath.takeIf { live },
        statsPath = files.statsPath.takeIf { live },
        // the engine counts a finished game against the computer in the rating (never pass-and-play)
        puzzleStatsPath = files.puzzleStatsPath.takeIf { live },
        seed = seed,
        timerThread = live && !manualClock,
        manualClock = manualClock,
        manualComputer = !live,
    )

    private fun <T> command(call: (GameSession) -> T): T? {
        val s = session ?: return null
        val result = guard { call(s) }
        refresh()
        return result
    }

    private fun deliver(id: Int, event: SessionEvent) {
        if (id != generation) return
        refresh()
        eventFlow.tryEmit(GameEvent.of(event))
    }

    /** The session's listener: hops to the main thread, drops events of replaced sessions. */
    private inner class Forwarder(private val id: Int) : SessionListener {
        override fun onEvent(event: SessionEvent) {
            mainScope.launch { deliver(id, event) }
        }
    }

    private fun <T> guard(call: () -> T): T? = try {
        call()
    } catch (e: MillsException) {
        lastError = e
        null
    }

    /** The last error the engine reported (for diagnostics and tests). */
    var lastError: MillsException? = null
        private set
}
