package app.mills.tests

import app.mills.ui.AppVisibility
import app.mills.ui.online.ConnectionUi
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player

/**
 * The activity's lifecycle as Android drives it around an online game on the real server: a
 * rotation (or a theme or language change) stops the activity with `isChangingConfigurations`
 * and starts a new one, and the room's connection must stay up through it; the app hidden
 * closes the connection, and the next activity to start (even one made again meanwhile)
 * reconnects.
 */
class OnlineLifecycleTest {
    private fun TestApp.connection() = onMain { viewModels.online.uiState.value?.connection }

    @Test
    fun aRotationKeepsTheRoomConnectedAndHidingTheAppClosesIt() {
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann")
            val bo = onlineApp(server, "Bo")
            try {
                val firstActivity = AppVisibility(ann.viewModels)
                onMain { firstActivity.started() }
                createdAndJoinedRoom(ann, bo, GameId.TWELVE_MENS_MORRIS)
                eventually(explain = { "Ann connected" }) { ann.connection() == ConnectionUi.Connected }

                // rotated: the old activity stops for the change, Bo plays meanwhile, the new one starts
                onMain { firstActivity.stopped(changingConfigurations = true) }
                assertEquals(ConnectionUi.Connected, ann.connection(), "a rotation closed the connection")
                onMain { ann.viewModels.online.onPointTap("d6") }
                eventually(explain = { "Ann's d6 on Bo's board during the rotation" }) { bo.onlineOwner("d6") == Player.P1 }
                onMain { bo.viewModels.online.onPointTap("a7") }
                eventually(explain = { "Bo's a7 on Ann's board during the rotation" }) { ann.onlineOwner("a7") == Player.P2 }
                val rotated = AppVisibility(ann.viewModels)
                onMain { rotated.started() }
                assertEquals(ConnectionUi.Connected, ann.connection(), "the rotated activity's start changed the connection")

                // hidden for real: the connection closes (the server keeps the room)
                onMain { rotated.stopped(changingConfigurations = false) }
                eventually(explain = { "offline while hidden: ${ann.connection()}" }) { ann.connection() is ConnectionUi.Offline }

                // the dark theme switched while hidden: Android makes the activity again on return,
                // and its first start reconnects what the last one closed
                val remade = AppVisibility(ann.viewModels)
                onMain { remade.started() }
                eventually(explain = { "Ann connected again" }) { ann.connection() == ConnectionUi.Connected }
                onMain { ann.viewModels.online.onPointTap("b4") }
                eventually(explain = { "Ann's b4 on Bo's board after coming back" }) { bo.onlineOwner("b4") == Player.P1 }
            } finally {
                onMain { ann.close() }
                onMain { bo.close() }
            }
        }
    }
}
