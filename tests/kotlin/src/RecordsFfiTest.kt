// Move list, review, play from here, text records and hints through the generated Kotlin
// bindings, driven by taps as a player drives them.
package millstest

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.RecordDetails
import uniffi.mills_ffi.RecordErrorKind
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TurnEnd
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.Verdict
import uniffi.mills_ffi.readRecord

class RecordsFfiTest {
    private val manual = SessionOptions(manualClock = true, manualComputer = true, seed = 7uL)

    private fun passAndPlay(game: GameId = GameId.TWELVE_MENS_MORRIS) =
        GameSession(SessionConfig(game, GameMode.PassAndPlay, TurnTimer.OFF), manual)

    /** Plays actions in notation (`a1`, `d6-d5`, `xg1`) with the taps a player makes. */
    private fun play(session: GameSession, vararg actions: String) {
        for (action in actions) {
            for (point in action.removePrefix("x").split("-")) {
                val result = session.tap(point)
                assertTrue(result.step !is TapStep.Refused, "$action: $result")
            }
        }
    }

    /** P1's ninth placement a7 makes a mill and captures g1 (turn 9 as people count). */
    private val captureGame = arrayOf("a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7", "xg1", "d6")

    @Test
    fun theMoveListJoinsEachTurn() {
        passAndPlay().use { s ->
            play(s, *captureGame)
            val list = s.moveList()
            assertEquals(10, list.size)
            assertEquals("a7xg1", list[8].notation)
            assertEquals(listOf("a7", "xg1"), list[8].actions)
            assertEquals(Player.P1, list[8].player)
            assertEquals(TurnEnd.COMPLETE, list[8].end)
            assertEquals(10u, s.currentTurn())
        }
    }

    @Test
    fun reviewShowsAnEarlierTurnAndPlayFromHereMakesItLive() {
        passAndPlay().use { s ->
            play(s, *captureGame)
            val live = s.snapshot()
            val beforeCapture = s.reviewPosition(8u)
            assertNull(beforeCapture.points.first { it.name == "a7" }.owner)
            assertEquals(Player.P2, beforeCapture.points.first { it.name == "g1" }.owner)
            assertEquals(Player.P1, beforeCapture.toMove)
            val afterCapture = s.reviewPosition(9u)
            assertEquals(listOf("a7", "g1"), afterCapture.lastTurnPoints)
            assertEquals(1, afterCapture.p1.captured.toInt())
            // Reviewing leaves the live game alone.
            assertEquals(live, s.snapshot())
            val e = assertThrows<MillsException.NoSuchTurn> { s.reviewPosition(11u) }
            assertEquals(10u, e.turns)

            assertEquals(8u, s.undoToTurn(8u))
            val now = s.snapshot()
            assertEquals(beforeCapture.points.map { it.owner }, now.points.map { it.owner })
            assertTrue(now.canRedo)
            // Play on from there with a different turn.
            play(s, "b6")
            assertEquals("b6", s.moveList().last().notation)
        }
    }

    @Test
    fun aRecordExportsImportsBackAndOpensForReview() {
        passAndPlay().use { s ->
            play(s, *captureGame)
            val text = s.exportRecord(RecordDetails(date = "2026-12-01", p1Name = "Ann", p2Name = "Bo"))
            assertTrue(text.startsWith("mills-record 1\ngame: twelve-mens-morris\n"), text)
            assertTrue(text.contains("\n9. P1 a7xg1\n"), text)
            val read = readRecord(text)
            assertEquals(GameId.TWELVE_MENS_MORRIS, read.game)
            assertEquals("Ann", read.p1Name)
            assertEquals(s.moveList(), read.moves)
            GameSession.fromRecord(text, manual).use { opened ->
                assertEquals(s.moveList(), opened.moveList())
                assertEquals(s.reviewPosition(4u), opened.reviewPosition(4u))
                assertEquals(GameMode.PassAndPlay, opened.config().mode)
            }
        }
    }

    @Test
    fun aBadRecordIsRefusedWithItsTurn() {
        passAndPlay().use { s ->
            play(s, *captureGame)
            val good = s.exportRecord(RecordDetails())
            val illegal = good.replace("9. P1 a7xg1", "9. P1 a7xa1")
            val e = assertThrows<MillsException.InvalidRecord> { readRecord(illegal) }
            assertEquals(RecordErrorKind.ILLEGAL_TURN, e.kind)
            assertEquals(9u, e.turn)
            assertThrows<MillsException.InvalidRecord> { GameSession.fromRecord(illegal, manual) }
            val cut = assertThrows<MillsException.InvalidRecord> { readRecord(good.removeSuffix("end\n")) }
            assertEquals(RecordErrorKind.TRUNCATED, cut.kind)
            val notOne = assertThrows<MillsException.InvalidRecord> { readRecord("shopping list") }
            assertEquals(RecordErrorKind.NOT_A_RECORD, notOne.kind)
        }
    }

    @Test
    fun aHintIsALegalWholeTurnPlayedWithTaps() {
        passAndPlay().use { s ->
            // a7 closes P1's mill and blocks P2's: the best turn at every depth and time
            play(s, "a1", "d7", "a4", "g7")
            val hint = s.hint(300u) ?: error("no hint")
            assertEquals(Player.P1, hint.player)
            assertEquals("a7", hint.destination)
            assertEquals(1, hint.removals.size)
            play(s, *hint.actions.toTypedArray())
            assertEquals(Player.P2, s.snapshot().toMove)
            assertEquals(1u, s.hintsUsed())
            assertTrue(s.exportRecord(RecordDetails()).contains("\nhints: 1\n"))
        }
    }

    @Test
    fun theEvaluationIsExactOnceTheGameIsOver() {
        passAndPlay(GameId.ZHIQI).use { s ->
            play(s, "d7", "e3")
            val live = s.evaluate(50u) ?: error("no evaluation")
            assertTrue(live.bar > 0.0 && live.bar < 1.0, "$live")
            s.resign()
            val over = s.evaluate(50u)!!
            assertEquals(Verdict.ExactWin(Player.P2, 0u), over.verdict)
            assertNotEquals(live.bar, over.bar)
        }
    }
}
