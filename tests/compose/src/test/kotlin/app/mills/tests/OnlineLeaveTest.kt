package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import app.mills.ui.online.ConnectionUi
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

/**
 * Going back during an online game asks: kept, the room stays open and Home leads back to it
 * with "Your turn"; left, the room closes here (the real mills-server on loopback).
 */
@OptIn(ExperimentalTestApi::class)
class OnlineLeaveTest {
    @Test
    fun backDuringAGameAsksToKeepOrLeaveIt() {
        val main = ComposeMain()
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann", main = main.dispatcher)
            val bo = onlineApp(server, "Bo")
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(ann.viewModels, XmlStrings.english()) }
                    onNodeWithTag("play-friend-online").performScrollTo().performClick()
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    waitUntil(timeoutMillis = 20_000) { ann.viewModels.online.uiState.value?.code != null }
                    val code = ann.viewModels.online.uiState.value!!.code!!
                    assertNull(onMain { bo.viewModels.online.join(code) })
                    waitUntil(timeoutMillis = 20_000) { exists("point-d6") && ann.viewModels.online.uiState.value?.myTurn == true }

                    // back asks; kept, Home leads back with "Your turn", the connection open
                    onNodeWithTag("back").performClick()
                    onNodeWithText("Leave this game?").assertExists()
                    onNodeWithTag("online-keep").performClick()
                    waitUntil(timeoutMillis = 20_000) { exists("play-friend-screen") }
                    onNodeWithTag("back").performClick()
                    waitUntil(timeoutMillis = 20_000) { exists("home-screen") }
                    onNodeWithTag("online-return").performScrollTo()
                    assertEquals("Your turn", textOf("online-your-turn"))
                    assertEquals(ConnectionUi.Connected, ann.viewModels.online.uiState.value?.connection)
                    onNodeWithTag("online-return").performClick()
                    onNodeWithTag("online-screen").assertExists()
                    onNodeWithTag("point-d6").performClick()
                    eventually(explain = { "d6 on Bo's board" }) { bo.onlineOwner("d6") == Player.P1 }

                    // left: the room closes here
                    onNodeWithTag("back").performClick()
                    onNodeWithTag("online-leave").performClick()
                    waitUntil(timeoutMillis = 20_000) { !exists("online-screen") }
                    assertNull(ann.viewModels.online.uiState.value)
                }
            } finally {
                onMain { ann.close() }
                onMain { bo.close() }
            }
        }
    }
}
