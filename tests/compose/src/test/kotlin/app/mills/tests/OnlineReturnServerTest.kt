package app.mills.tests

import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import app.mills.ui.online.ConnectionUi
import app.mills.ui.returnToOnlineGame
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import java.nio.file.Files

/**
 * "Return to your game" goes back to the room on the server it was made on, even after the
 * address in the settings changed, and a room still open is shown as it is, not connected a
 * second time (the real mills-server on loopback).
 */
class OnlineReturnServerTest {
    @Test
    fun aSavedRoomReopensOnItsOwnServerAndALiveOneIsNotReconnected() {
        val dir = Files.createTempDirectory("mills-return-server").toFile()
        LocalServer().start().use { server ->
            val first = onlineApp(server, "Ann", dir = dir)
            val bo = onlineApp(server, "Bo")
            var second: TestApp? = null
            try {
                val code = createdAndJoinedRoom(first, bo)
                onMain { first.viewModels.online.onPointTap("d6") }
                eventually(explain = { "d6 on Bo's board" }) { bo.onlineOwner("d6") == Player.P1 }

                // killed; the settings now name another server (nothing listens there)
                onMain { first.close() }
                val elsewhere = InMemorySettingsStore(
                    UserSettings(lessonsOffered = GameId.entries.toSet(), serverAddress = "ws://127.0.0.1:9", playerName = "Ann"),
                )
                val app = TestApp(dir = dir, store = elsewhere)
                second = app
                onMain { app.viewModels.returnToOnlineGame() }
                eventually(explain = { "the room reopened on its own server" }) { app.onlineOwner("d6") == Player.P1 }
                eventually(explain = { "connected" }) { onMain { app.viewModels.online.uiState.value?.connection } == ConnectionUi.Connected }
                onMain { bo.viewModels.online.onPointTap("a7") }
                eventually(explain = { "Bo's a7 on the reopened board" }) { app.onlineOwner("a7") == Player.P2 }

                // Return again while the room is open: the same connection, no new one
                onMain { app.viewModels.returnToOnlineGame() }
                assertEquals(ConnectionUi.Connected, onMain { app.viewModels.online.uiState.value?.connection })
                assertEquals(code, onMain { app.viewModels.online.uiState.value?.code })
                onMain { app.viewModels.online.onPointTap("b4") }
                eventually(explain = { "Ann's b4 on Bo's board" }) { bo.onlineOwner("b4") == Player.P1 }
            } finally {
                second?.let { onMain { it.close() } }
                onMain { bo.close() }
                dir.deleteRecursively()
            }
        }
    }
}
