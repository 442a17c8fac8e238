package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.AppFiles
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer
import java.io.File
import java.nio.file.Files

/**
 * The way back to an online game after the app was killed: the engine's room file, read by a
 * new app on the same files, offered on Home, opened with the device's seat on the real
 * mills-server on loopback; Forget takes the offer away.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineReturnUiTest {
    @Test
    fun aKilledAppReturnsToItsRoomFromHomeAndCanForgetIt() {
        val main = ComposeMain()
        val dir = Files.createTempDirectory("mills-return").toFile()
        LocalServer().start().use { server ->
            // Ann's first life (never drawn: its main thread is Swing's): she makes a room,
            // Bo joins, Ann plays d6
            val first = onlineApp(server, "Ann", dir = dir)
            val bo = onlineApp(server, "Bo")
            var second: TestApp? = null
            try {
                val code = createdAndJoinedRoom(first, bo)
                onMain { first.viewModels.online.onPointTap("d6") }
                eventually(explain = { "d6 on Bo's board" }) { bo.onlineOwner("d6") == Player.P1 }

                // killed: the view models and the session are gone, the files stay
                onMain { first.close() }
                val app = onlineApp(server, "Ann", main = main.dispatcher, dir = dir)
                second = app
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                    onNodeWithTag("online-return").performScrollTo()
                    val label = onNodeWithTag("online-return").fetchSemanticsNode().config[SemanticsProperties.Text].joinToString()
                    assertEquals("Return to your game with Bo", label)
                    val forget = onNodeWithTag("online-forget").fetchSemanticsNode().config[SemanticsProperties.ContentDescription].joinToString()
                    assertEquals("Forget this online game", forget)

                    onNodeWithTag("online-return").performClick()
                    onNodeWithTag("online-screen").assertExists()
                    waitFor("the reopened room with d6") { app.onlineOwner("d6") == Player.P1 }
                    assertEquals(code, app.viewModels.online.uiState.value!!.code)
                    assertEquals("Bo", app.viewModels.online.uiState.value!!.opponentName)
                    // the game goes on from the reopened seat
                    onMain { bo.viewModels.online.onPointTap("a7") }
                    waitFor("Bo's a7 on the reopened board") { app.onlineOwner("a7") == Player.P2 }

                    // back on Home the offer stays until the player forgets it
                    onNodeWithTag("back").performClick()
                    onNodeWithTag("online-leave").performClick()
                    waitFor("Home") { exists("home-screen") }
                    onNodeWithTag("online-return").performScrollTo()
                    onNodeWithTag("online-forget").performClick()
                    waitFor("the offer gone") { !exists("online-return") }
                    onNodeWithTag("play-friend-online").assertExists()
                }
                assertFalse(File(AppFiles(dir).onlineRoomPath).exists(), "the room file is deleted")
            } finally {
                second?.let { onMain { it.close() } }
                onMain { bo.close() }
                dir.deleteRecursively()
            }
        }
    }

    @Test
    fun aFinishedGameOrNoServerOffersNoReturn() {
        val dir = Files.createTempDirectory("mills-return-none").toFile()
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann", dir = dir)
            val bo = onlineApp(server, "Bo")
            try {
                assertNull(onMain { ann.viewModels.online.create(GameId.ZHIQI, TurnTimer.OFF) })
                eventually(explain = { "the room" }) { onMain { ann.viewModels.online.uiState.value?.code } != null }
                onMain { ann.viewModels.home.refresh() }
                assertNotNull(onMain { ann.viewModels.home.uiState.value.onlineReturn }, "a waiting room is offered")
                assertNull(onMain { ann.viewModels.home.uiState.value.onlineReturn!!.opponentName })

                // the same files, no server in the settings: online play is off, nothing offered
                val offline = onlineApp(null, "Ann", dir = dir)
                try {
                    assertNull(onMain { offline.viewModels.home.uiState.value.onlineReturn })
                } finally {
                    onMain { offline.close() }
                }

                assertNull(onMain { bo.viewModels.online.join(ann.viewModels.online.uiState.value!!.code!!) })
                eventually(explain = { "Bo seated" }) { onMain { bo.viewModels.online.uiState.value?.opponentName } == "Ann" }
                onMain { bo.viewModels.online.resign() }
                eventually(explain = { "the result on Ann's side" }) { onMain { ann.viewModels.online.uiState.value?.result } != null }
                onMain { ann.viewModels.home.refresh() }
                assertNull(onMain { ann.viewModels.home.uiState.value.onlineReturn }, "a finished game is not offered")
                assertTrue(File(AppFiles(dir).onlineRoomPath).exists(), "the file stays (the room does)")
            } finally {
                onMain { ann.close() }
                onMain { bo.close() }
                dir.deleteRecursively()
            }
        }
    }
}
