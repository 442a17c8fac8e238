package app.mills.tests

import org.junit.jupiter.api.Assertions.assertEquals
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.tablesPrepare
import java.nio.file.Files

/**
 * The four-piece endgame tables that judge puzzles, put on the engine's shelf (kept between
 * runs in target/tmp/puzzle-tables, as an app keeps them between launches). Called before each
 * puzzle test: another test may have put smaller tables on the shelf since.
 */
fun puzzleTablesReady() {
    val dir = System.getProperty("mills.puzzleTables") ?: Files.createTempDirectory("mills-t4").toString()
    assertEquals(TablesState.Ready, tablesPrepare(dir, 4u, null).waitUntilDone(600_000u))
}

/** The taps of an action in notation: `d6`, `d6-d5` (two), `xd7`. */
fun tapsOf(action: String): List<String> = action.removePrefix("x").split("-")

/**
 * The engine's own answer to a puzzle: a second session of it that asks for a hint each turn
 * and plays it, so the puzzle on screen can be played by taps without a hint counted there.
 */
class PuzzleGuide(puzzleId: String) : AutoCloseable {
    private val session = PuzzleSession(puzzleId, "en")

    /** The winning turn now, as the taps a player makes; the guide plays it too. */
    fun nextTurnTaps(): List<String> {
        val hint = session.hint()
        val taps = hint.actions.flatMap(::tapsOf)
        taps.forEach { session.tap(it) }
        return taps
    }

    /** The first tap of the winning turn, without playing it. */
    fun firstTap(): String = tapsOf(PuzzleSession(session.puzzle().id, "en").use { it.hint().actions.first() }).first()

    override fun close() = session.close()
}
