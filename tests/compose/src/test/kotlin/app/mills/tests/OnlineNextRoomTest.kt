package app.mills.tests

import app.mills.game.GameEffect
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.StandardTestDispatcher
import kotlinx.coroutines.test.TestCoroutineScheduler
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/**
 * An event of the room left, still on its way to the main thread when the next room opens, is
 * not taken for the next room's (the real mills-server on loopback; Ann's main thread is a
 * queue the test runs when it chooses).
 */
class OnlineNextRoomTest {
    @Test
    fun theGameOverOfTheRoomLeftDoesNotReachTheNextRoom() {
        val scheduler = TestCoroutineScheduler()
        val main = StandardTestDispatcher(scheduler, "main")
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann", main = main)
            val bo = onlineApp(server, "Bo")
            val effects = mutableListOf<GameEffect>()
            val listening = CoroutineScope(main).launch { ann.viewModels.online.effects.collect { effects += it } }
            try {
                val online = ann.viewModels.online
                assertNull(online.create(GameId.ZHIQI, TurnTimer.OFF))
                eventually(explain = { "Ann's room code" }) { scheduler.runCurrent(); online.uiState.value?.code != null }
                val first = online.uiState.value!!.code!!
                assertNull(onMain { bo.viewModels.online.join(first) })
                eventually(explain = { "Bo in Ann's room" }) {
                    scheduler.runCurrent()
                    online.uiState.value?.let { !it.waiting && it.opponentName == "Bo" } == true
                }

                // Bo resigns; Ann's "game over" waits on her main thread while she opens another room
                onMain { bo.viewModels.online.resign() }
                eventually(explain = { "Bo's game over" }) { onMain { bo.viewModels.online.uiState.value?.result != null } }
                Thread.sleep(500) // Ann's session has heard it too, and posted it to her main thread
                effects.clear()
                assertNull(online.create(GameId.ZHIQI, TurnTimer.OFF))
                scheduler.runCurrent()

                val endings = listOf(GameEffect.Won, GameEffect.Lost, GameEffect.Draw)
                assertEquals(emptyList<GameEffect>(), effects.filter { it in endings }, "the first room's result is not the second room's")
                eventually(explain = { "Ann's second room" }) { scheduler.runCurrent(); online.uiState.value?.code != null }
                assertNotEquals(first, online.uiState.value?.code)
                assertNull(online.uiState.value?.result)
            } finally {
                listening.cancel()
                ann.close()
                onMain { bo.close() }
            }
        }
    }
}
