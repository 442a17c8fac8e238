package app.mills.tests

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import app.mills.ui.online.ConnectionUi
import app.mills.ui.openInvite
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/**
 * An invite opened while an online game is on asks first: staying keeps the game and its
 * connection, joining leaves it for the invite's room (the real mills-server on loopback).
 */
@OptIn(ExperimentalTestApi::class)
class OnlineInviteDuringGameTest {
    @Test
    fun anInviteOpenedDuringAGameAsksBeforeLeavingIt() {
        val main = ComposeMain()
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann", main = main.dispatcher)
            val bo = onlineApp(server, "Bo")
            val carl = onlineApp(server, "Carl")
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(ann.viewModels, XmlStrings.english()) }
                    // Ann plays Bo
                    assertNull(ann.viewModels.online.create(GameId.ZHIQI, TurnTimer.OFF))
                    waitUntil(timeoutMillis = 20_000) { ann.viewModels.online.uiState.value?.code != null }
                    val annCode = ann.viewModels.online.uiState.value!!.code!!
                    assertNull(onMain { bo.viewModels.online.join(annCode) })
                    waitUntil(timeoutMillis = 20_000) { ann.viewModels.online.uiState.value?.opponentName == "Bo" }
                    // Carl makes a room and sends Ann its link
                    assertNull(onMain { carl.viewModels.online.create(GameId.ZHIQI, TurnTimer.OFF) })
                    eventually { onMain { carl.viewModels.online.uiState.value?.link } != null }
                    val carlLink = onMain { carl.viewModels.online.uiState.value!!.link!! }
                    val carlCode = onMain { carl.viewModels.online.uiState.value!!.code!! }

                    // opened during the game: the room's screen asks, and Ann stays
                    ann.viewModels.openInvite(carlLink)
                    onNodeWithTag("online-screen").assertExists()
                    onNodeWithText("Join another game?").assertExists()
                    assertEquals(annCode, ann.viewModels.online.uiState.value?.code)
                    onNode(hasText("Cancel")).performClick()
                    onNodeWithText("Join another game?").assertDoesNotExist()
                    assertEquals(annCode, ann.viewModels.online.uiState.value?.code)
                    assertEquals(ConnectionUi.Connected, ann.viewModels.online.uiState.value?.connection)

                    // opened again, and Ann joins Carl's room
                    ann.viewModels.openInvite(carlLink)
                    onNodeWithText("Join another game?").assertExists()
                    onNodeWithTag("confirm").performClick()
                    waitUntil(timeoutMillis = 20_000) { ann.viewModels.online.uiState.value?.opponentName == "Carl" }
                    assertEquals(carlCode, ann.viewModels.online.uiState.value?.code)
                    onNodeWithTag("online-screen").assertExists()
                }
            } finally {
                onMain { ann.close() }
                onMain { bo.close() }
                onMain { carl.close() }
            }
        }
    }
}
