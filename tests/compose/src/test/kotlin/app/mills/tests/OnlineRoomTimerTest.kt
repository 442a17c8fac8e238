package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/**
 * A room's turn timer is its own setting, off unless the creator picks one (the local games'
 * timer, 60 s here, does not carry over), and the waiting screen says which (real server).
 */
@OptIn(ExperimentalTestApi::class)
class OnlineRoomTimerTest {
    private fun app(server: LocalServer, main: ComposeMain) = TestApp(
        store = InMemorySettingsStore(
            UserSettings(
                lessonsOffered = GameId.entries.toSet(),
                serverAddress = server.address,
                playerName = "Ann",
                timer = TurnTimer.SECONDS60,
            ),
        ),
        main = main.dispatcher,
    )

    @Test
    fun aRoomsTimerStartsOffAndTheWaitingScreenSaysWhichItHas() {
        LocalServer().start().use { server ->
            val main = ComposeMain()
            val ann = app(server, main)
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(ann.viewModels, XmlStrings.english()) }
                    onNodeWithTag("play-friend-online").performScrollTo().performClick()
                    assertEquals(TurnTimer.OFF, ann.viewModels.playFriend.uiState.value.timer)
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    waitUntil(timeoutMillis = 20_000) { exists("waiting-timer") }
                    assertEquals("Turn timer: Off", textOf("waiting-timer"))

                    // a room with the creator's choice says it too
                    onNodeWithTag("back").performClick()
                    onNodeWithTag("online-leave").performClick()
                    onNodeWithTag("online-timer-SECONDS30").performScrollTo().performClick()
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    waitUntil(timeoutMillis = 20_000) { exists("waiting-timer") && textOf("waiting-timer") != "Turn timer: Off" }
                    assertEquals("Turn timer: 30 s", textOf("waiting-timer"))
                }
            } finally {
                onMain { ann.close() }
            }
        }
    }
}
