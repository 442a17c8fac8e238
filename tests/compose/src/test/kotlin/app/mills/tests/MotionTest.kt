package app.mills.tests

import app.mills.game.GameEffect
import app.mills.game.Motion
import app.mills.sound.ToneSynth
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TurnTimer

/** The board's motions are the engine's changes (`changesSince`), one for one. */
class MotionTest {
    private fun session(game: GameId, mode: GameMode) = GameSession(
        SessionConfig(game, mode, TurnTimer.OFF),
        SessionOptions(seed = 3u, timerThread = false, manualComputer = true),
    )

    @Test
    fun theComputerAnsweringBeforeTheRedrawAnimatesBothTurns() {
        session(GameId.TWELVE_MENS_MORRIS, GameMode.VsComputer(Player.P2, 1u)).use { s ->
            val before = s.snapshot().revision
            s.tap("d6")
            val reply = s.runComputerTurnNow().single()
            assertEquals(
                listOf(Motion.Place("d6", Player.P1), Motion.Place(reply, Player.P2)),
                Motion.of(s.board().changesSince(before).changes),
            )
        }
    }

    @Test
    fun undoAndNewGamesAreNotAnimated() {
        session(GameId.ZHIQI, GameMode.PassAndPlay).use { s ->
            s.tap("a1")
            val before = s.snapshot().revision
            s.undo()
            assertEquals(emptyList<Motion>(), Motion.of(s.board().changesSince(before).changes))
            s.tap("d6")
            val afterReset = s.board().changesSince(before).changes
            assertEquals(listOf(Motion.Place("d6", Player.P1)), Motion.of(afterReset), "only what follows the reset moves")
        }
    }

    @Test
    fun pinsAndStablingComeFromTheEngine() {
        session(GameId.ZHIQI, GameMode.PassAndPlay).use { s ->
            for (p in listOf("a1", "d7", "a4", "g1", "a7")) s.tap(p)
            val before = s.snapshot().revision
            s.tap("d7")
            assertEquals(listOf(Motion.Pin("d7", Player.P2, Player.P1)), Motion.of(s.board().changesSince(before).changes))
        }
        session(GameId.LINKED_HORSE, GameMode.PassAndPlay).use { s ->
            for (p in listOf("a1", "g1", "a4", "g4")) s.tap(p)
            val before = s.snapshot().revision
            s.tap("a7")
            assertEquals(
                listOf(Motion.Place("a7", Player.P1), Motion.Stable("a7", Player.P1)),
                Motion.of(s.board().changesSince(before).changes),
            )
        }
    }

    @Test
    fun soundsAreWavFiles() {
        for (effect in GameEffect.entries) {
            val wav = ToneSynth.wav(effect)
            assertEquals("RIFF", String(wav, 0, 4))
            assertEquals("WAVE", String(wav, 8, 4))
            assertTrue(wav.size > 44 + 1000, "$effect is too short")
        }
    }
}
