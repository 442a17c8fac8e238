// Hints used through the generated Kotlin bindings: counted when given, kept in the autosave
// (so a killed app restores them), reset by a new game, and counted in the statistics.
package millstest

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.readSavedGame
import uniffi.mills_ffi.statsLoad
import uniffi.mills_ffi.statsRecord
import java.nio.file.Files

class HintsUsedFfiTest {
    private val manual = SessionOptions(manualClock = true, manualComputer = true, seed = 3uL)

    /** Asks for a hint and plays it with the taps a player makes. */
    private fun hintAndPlay(session: GameSession) {
        val hint = session.hint(100u) ?: error("no hint")
        for (action in hint.actions) {
            for (point in action.removePrefix("x").split("-")) {
                val result = session.tap(point)
                assertTrue(result.step !is TapStep.Refused, "$action: $result")
            }
        }
    }

    @Test
    fun hintsUsedSurviveAKilledAppAndANewGameResetsThem() {
        val dir = Files.createTempDirectory("mills-hints")
        val save = dir.resolve("autosave.json").toString()
        val options = SessionOptions(autosavePath = save, manualClock = true, manualComputer = true, seed = 3uL)
        val config = SessionConfig(GameId.TWELVE_MENS_MORRIS, GameMode.PassAndPlay, TurnTimer.OFF)
        val session = GameSession(config, options)
        hintAndPlay(session)
        hintAndPlay(session)
        assertEquals(2u, session.hintsUsed())
        // The app is killed: what is left is the autosave file.
        val text = checkNotNull(readSavedGame(save))
        assertTrue(text.contains("\"hints_used\": 2"), text)
        GameSession.restore(text, manual).use { restored ->
            assertEquals(2u, restored.hintsUsed())
            hintAndPlay(restored)
            assertEquals(3u, restored.hintsUsed())
            restored.newGame()
            assertEquals(0u, restored.hintsUsed())
        }
        session.close()
    }

    @Test
    fun statisticsCountTheHintsOfFinishedGames() {
        val dir = Files.createTempDirectory("mills-hint-stats")
        val stats = dir.resolve("stats.json").toString()
        val options = SessionOptions(statsPath = stats, manualClock = true, manualComputer = true, seed = 3uL)
        val config = SessionConfig(GameId.ZHIQI, GameMode.VsComputer(Player.P2, 2u), TurnTimer.OFF)
        GameSession(config, options).use { session ->
            hintAndPlay(session)
            session.runComputerTurnNow()
            session.resign()
        }
        val lost = statsLoad(stats).single()
        assertEquals(1u, lost.losses)
        assertEquals(1u, lost.hintsUsed)
        val entries = statsRecord(stats, GameId.ZHIQI, 2u, true, 3u)
        val won = entries.single()
        assertEquals(1u, won.wins)
        assertEquals(4u, won.hintsUsed)
        assertEquals(1u, won.winsWithHints)
        assertEquals(0u, won.winsWithoutHints)
        val unaided = statsRecord(stats, GameId.ZHIQI, 2u, true).single()
        assertEquals(1u, unaided.winsWithoutHints)
    }
}
