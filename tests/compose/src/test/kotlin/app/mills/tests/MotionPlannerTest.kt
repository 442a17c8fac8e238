package app.mills.tests

import app.mills.game.GameEffect
import app.mills.game.Motion
import app.mills.game.MotionPlanner
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

class MotionPlannerTest {
    private fun session(game: GameId, mode: GameMode) = GameSession(
        SessionConfig(game, mode, TurnTimer.OFF),
        SessionOptions(seed = 3u, timerThread = false, manualComputer = true),
    )

    @Test
    fun theComputerAnsweringBeforeTheRedrawAnimatesBothTurns() {
        session(GameId.TWELVE_MENS_MORRIS, GameMode.VsComputer(Player.P2, 1u)).use { s ->
            val before = s.snapshot()
            s.tap("d6")
            val reply = s.runComputerTurnNow().single()
            val after = s.snapshot()
            assertEquals(
                listOf(Motion.Place("d6", Player.P1), Motion.Place(reply, Player.P2)),
                MotionPlanner.plan(before, after, s::actions),
            )
        }
    }

    @Test
    fun undoAndNewGamesAreNotAnimated() {
        session(GameId.ZHIQI, GameMode.PassAndPlay).use { s ->
            s.tap("a1")
            val before = s.snapshot()
            s.undo()
            assertEquals(emptyList<Motion>(), MotionPlanner.plan(before, s.snapshot(), s::actions))
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
