package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.strings.StringKey
import app.mills.strings.text
import app.mills.ui.MillsApp
import app.mills.ui.online.ConnectionUi
import app.mills.ui.openInvite
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.Player

/**
 * Play a friend, clicked through on one app against a second app instance, both on the real
 * engine client and the real mills-server on loopback: create, invite, join by the link, turns
 * seen on the other side, the server killed and restarted under a game, resign, rematch.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineUiTest {
    @Test
    fun twoAppsCreateJoinPlayReconnectResignAndRematch() {
        val main = ComposeMain()
        LocalServer().start().use { server ->
            val sharing = FakeInviteSharing()
            val ann = onlineApp(server, "Ann", sharing, main.dispatcher)
            val bo = onlineApp(server, "Bo")
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(ann.viewModels, XmlStrings.english()) }
                    onNodeWithTag("play-friend-online").performScrollTo().performClick()
                    onNodeWithTag("needs-server").assertDoesNotExist()
                    onNodeWithTag("online-game-TWELVE_MENS_MORRIS").performClick()
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    onNodeWithTag("online-screen").assertExists()
                    waitFor("the invite code") { exists("invite-code") }
                    val code = ann.viewModels.online.uiState.value!!.code!!
                    val spoken = onNodeWithTag("invite-code").fetchSemanticsNode().config[SemanticsProperties.ContentDescription].joinToString()
                    assertEquals("Invite code " + code.toList().joinToString(" "), spoken)
                    assertTrue(Regex("[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}").matches(code), code)
                    onNodeWithTag("share-invite").performClick()
                    val (text, link) = sharing.shared ?: error("nothing shared")
                    assertTrue(link.endsWith("/join/" + code.replace("-", "")), link)
                    assertTrue(text.contains(code) && text.contains(link) && text.contains("Twelve Men"), text)

                    // Bo opens the invite link with his app: it joins at once
                    onMain { bo.viewModels.openInvite(link) }
                    waitFor("Bo seated") { exists("point-d6") }
                    assertEquals("Bo (Black)", textOf("name-P2"))
                    assertEquals("You (White)", textOf("name-P1"))
                    eventually { onMain { bo.viewModels.online.uiState.value?.opponentName } == "Ann" }

                    // turns, each seen on the other app once the server stored it
                    onNodeWithTag("point-d6").performClick()
                    eventually(explain = { "d6 on Bo's board" }) { bo.onlineOwner("d6") == Player.P1 }
                    assertEquals("Waiting for Bo", textOf("online-prompt"))
                    onNodeWithTag("point-a7").performClick()
                    waitFor("the refusal") { exists("online-message") }
                    assertEquals("It is not your turn.", textOf("online-message"))
                    onMain { bo.viewModels.online.onPointTap("a7") }
                    waitFor("a7 on Ann's board") { ann.viewModels.online.uiState.value?.board?.points?.first { it.name == "a7" }?.owner == Player.P2 }
                    assertEquals("Place a piece", textOf("online-prompt"))

                    // the server is killed under the game: the banner says so, and it comes back
                    server.kill()
                    waitFor("the reconnecting banner") { ann.viewModels.online.uiState.value?.connection is ConnectionUi.Reconnecting }
                    assertTrue(textOf("connection-banner").startsWith("Connection lost. Reconnecting"), textOf("connection-banner"))
                    server.start()
                    waitFor("connected again") { ann.viewModels.online.uiState.value?.connection == ConnectionUi.Connected }
                    onNodeWithTag("connection-banner").assertDoesNotExist()
                    onNodeWithTag("point-b4").performClick()
                    eventually(explain = { "b4 on Bo's board after the restart" }) { bo.onlineOwner("b4") == Player.P1 }

                    // the app in the background closes the connection; back in front, it reconnects
                    ann.viewModels.online.setForeground(false)
                    waitFor("the paused banner") { exists("connection-banner") }
                    assertEquals("Offline while the app is in the background", textOf("connection-banner"))
                    ann.viewModels.online.setForeground(true)
                    waitFor("connected after resume") { ann.viewModels.online.uiState.value?.connection == ConnectionUi.Connected }

                    // Ann resigns: both see the result
                    onNodeWithTag("online-resign").performScrollTo().performClick()
                    onNodeWithTag("confirm").performClick()
                    waitFor("the result") { exists("online-result") }
                    assertEquals("You lose", textOf("online-result"))
                    eventually { onMain { bo.viewModels.online.uiState.value?.result } == text(StringKey.ResultYouWin) }

                    // a rematch, asked by both: a new game with the sides swapped
                    onNodeWithTag("online-rematch").performScrollTo().performClick()
                    waitFor("the rematch asked") { exists("rematch-asked") }
                    eventually { onMain { bo.viewModels.online.uiState.value?.rematchAskedByOpponent } == true }
                    onMain { bo.viewModels.online.rematch() }
                    waitFor("the second game") { ann.viewModels.online.uiState.value?.let { it.result == null && !it.waiting } == true }
                    assertEquals("You (Black)", textOf("name-P2"))
                    assertEquals(null, ann.viewModels.online.uiState.value!!.board!!.points.firstOrNull { it.owner != null })
                    assertEquals("Waiting for Bo", textOf("online-prompt"))
                    // back during the rematch asks; leaving closes the room here
                    onNodeWithTag("back").performClick()
                    onNodeWithTag("online-leave").performClick()
                    onNodeWithTag("play-friend-screen").assertExists()
                }
            } finally {
                ann.close()
                onMain { bo.close() }
            }
        }
    }

    @Test
    fun withoutAServerAddressPlayAFriendSaysOneIsNeeded() {
        val main = ComposeMain()
        val app = onlineApp(null, "Ann", main = main.dispatcher)
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                onNodeWithTag("play-friend-online").performScrollTo().performClick()
                assertTrue(textOf("needs-server").startsWith("Online play needs a server address"))
                onNodeWithTag("online-create").performScrollTo().assertIsNotEnabled()
                onNodeWithTag("open-settings").performClick()
                onNodeWithTag("server-address").performScrollTo().assertExists()
            }
        } finally {
            app.close()
        }
    }
}
