// Puzzles through the generated Kotlin bindings: the catalogue and the modes, a puzzle solved
// and failed by taps against the four-piece tables, the consequence in the session's
// language, and the statistics file with the rating (from puzzles and games vs the computer).
package millstest

import java.nio.file.Files
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleResult
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.PuzzleState
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict
import uniffi.mills_ffi.TurnVerdict
import uniffi.mills_ffi.puzzleChoose
import uniffi.mills_ffi.puzzleDaily
import uniffi.mills_ffi.puzzleRushOrder
import uniffi.mills_ffi.puzzleRushSeconds
import uniffi.mills_ffi.puzzleStatsLoad
import uniffi.mills_ffi.puzzleStatsRecord
import uniffi.mills_ffi.puzzleStatsRecordRush
import uniffi.mills_ffi.puzzles
import uniffi.mills_ffi.tablesPrepare

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PuzzlesFfiTest {
    /** The four-piece tables puzzles are judged by, kept between runs like an app's. */
    @BeforeAll
    fun prepareTables() {
        val dir = System.getProperty("mills.puzzleTables") ?: Files.createTempDirectory("mills-t4").toString()
        assertEquals(TablesState.Ready, tablesPrepare(dir, 4u, null).waitUntilDone(600_000u))
    }

    private fun taps(action: String) = action.removePrefix("x").split("-")

    private fun playTurn(session: PuzzleSession, actions: List<String>): TurnVerdict {
        var last: TapResult? = null
        for (action in actions) for (point in taps(action)) {
            last = session.tap(point)
            assertTrue(last.step !is TapStep.Refused, "$action: $last")
        }
        assertTrue(last?.step is TapStep.Played, "$last")
        return puzzleVerdict(last!!) ?: throw AssertionError("no puzzle verdict: $last")
    }

    /** The puzzle's verdict on a played action; `null` for any other tap. */
    private fun puzzleVerdict(result: TapResult): TurnVerdict? = (result.verdict as? TapVerdict.Puzzle)?.verdict

    @Test
    fun eachGameHasItsCatalogueDailyPuzzleRushAndChoice() {
        for (game in GameId.values()) {
            val all = puzzles(game)
            assertTrue(all.size >= 300, "$game: ${all.size}")
            val hard = puzzleChoose(game, PuzzleGrade.HARD)
            assertTrue(hard.isNotEmpty() && hard.all { it.grade == PuzzleGrade.HARD && it.game == game })
            val rush = puzzleRushOrder(game, 7uL)
            assertEquals(all.map { it.id }.toSet(), rush.map { it.id }.toSet())
            // The easiest grade the game has, of either kind.
            assertEquals(all.minOf { it.grade }, rush.first().grade)
        }
        assertEquals(180u, puzzleRushSeconds())
        assertEquals(puzzleDaily(2026, 12u, 6u, null), puzzleDaily(2026, 12u, 6u, null))
        assertEquals(GameId.LINKED_HORSE, puzzleDaily(2026, 12u, 6u, GameId.LINKED_HORSE).game)
        val date = assertThrows<MillsException.InvalidDate> { puzzleDaily(2026, 2u, 30u, null) }
        assertEquals(30u, date.day)
    }

    @Test
    fun aPuzzleIsSolvedByTapsAndAWrongTurnIsExplainedInTraditionalChinese() {
        // an endgame: its goal is a win in N (a tactic's goal is a gain)
        val info = puzzleChoose(GameId.ZHIQI, null, PuzzleKind.ENDGAME).first { it.turns >= 3u.toUByte() }
        val guide = PuzzleSession(info.id, "en")
        val clean = PuzzleSession(info.id, "en")
        assertEquals(info, clean.puzzle())
        assertTrue(clean.goal().endsWith("to move and win in ${info.turns}"), clean.goal())
        var verdict: TurnVerdict? = null
        for (turn in 1..info.turns.toInt()) {
            val hint = guide.hint()
            playTurn(guide, hint.actions)
            verdict = playTurn(clean, hint.actions)
            if (verdict is TurnVerdict.Solved) break
            assertTrue(verdict is TurnVerdict.Right, "$verdict")
        }
        assertEquals(TurnVerdict.Solved(PuzzleResult.Solved), verdict)
        assertEquals(PuzzleState.Solved, clean.state())
        assertEquals(TapResult(TapStep.Unchanged, TapVerdict.Finished), clean.tap("d2"))

        // A wrong first turn, from the hint's alternatives: tap the first target that is not it.
        val hant = PuzzleSession(info.id, "zh-Hant-TW")
        assertTrue(hant.goal().contains("回合內獲勝"), hant.goal())
        val right = PuzzleSession(info.id, "en").hint()
        val start = hant.snapshot()
        val target = start.points.first { it.target && it.name != taps(right.actions.first()).first() }
        var result = hant.tap(target.name)
        while (puzzleVerdict(result) is TurnVerdict.Continue || result.step is TapStep.Selected) {
            val next = hant.snapshot().points.first { it.target && !it.selected }
            result = hant.tap(next.name)
        }
        assertTrue(result.step is TapStep.Played, "$result")
        val wrong = puzzleVerdict(result)
        assertTrue(wrong is TurnVerdict.Wrong, "$wrong")
        val explanation = (wrong as TurnVerdict.Wrong).wrong.explanation
        assertTrue(explanation.any { Character.UnicodeScript.of(it.code) == Character.UnicodeScript.HAN }, explanation)
        assertEquals(PuzzleResult.Failed, hant.result())
        hant.retry()
        assertEquals(PuzzleState.Playing, hant.state())
        assertEquals(start.points, hant.snapshot().points)
    }

    @Test
    fun statisticsAndTheRatingSurviveInTheirFileAndOnlyComputerGamesCount() {
        val path = Files.createTempDirectory("mills-puzzle-stats").resolve("puzzles.json").toString()
        val fresh = puzzleStatsLoad(path).first { it.game == GameId.TWELVE_MENS_MORRIS }
        assertEquals(1500.0, fresh.rating.rating)
        assertEquals(350.0, fresh.rating.deviation)
        val id = puzzles(GameId.TWELVE_MENS_MORRIS)[0].id
        val after = puzzleStatsRecord(path, id, PuzzleResult.Solved)
        assertEquals(1u, after.solved)
        assertEquals(listOf(id), after.solvedIds)
        assertTrue(after.rating.deviation < 350.0)
        assertTrue(puzzleStatsRecordRush(path, GameId.TWELVE_MENS_MORRIS, 5u))

        fun resignedGame(mode: GameMode) {
            val options = SessionOptions(manualClock = true, manualComputer = true, seed = 3uL, puzzleStatsPath = path)
            GameSession(SessionConfig(GameId.TWELVE_MENS_MORRIS, mode, TurnTimer.OFF), options).use { it.resign() }
        }
        resignedGame(GameMode.PassAndPlay)
        val unchanged = puzzleStatsLoad(path).first { it.game == GameId.TWELVE_MENS_MORRIS }
        assertEquals(0u, unchanged.ratedGames)
        resignedGame(GameMode.VsComputer(Player.P2, 5u))
        val rated = puzzleStatsLoad(path).first { it.game == GameId.TWELVE_MENS_MORRIS }
        assertEquals(1u, rated.ratedGames)
        assertEquals(5u, rated.bestRush)
        assertNotEquals(unchanged.rating, rated.rating)
        assertTrue(rated.rating.rating < unchanged.rating.rating, "a lost game lowers it")
    }
}
