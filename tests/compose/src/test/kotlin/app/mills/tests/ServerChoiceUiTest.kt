package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsFocused
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextInput
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Which server online play uses (the Settings field, else the build's default, else none), and
 * Home's "Play a friend" without one: it says what is missing and leads to the server field.
 */
@OptIn(ExperimentalTestApi::class)
class ServerChoiceUiTest {
    @Test
    fun withNoServerHomeSaysWhatIsMissingAndSetAServerPutsTheCursorInTheField() {
        val main = ComposeMain()
        val app = onlineApp(null, "Ann", main = main.dispatcher)
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                onNodeWithTag("home-needs-server").performScrollTo()
                assertEquals("No server yet: online play needs the address of a Mills server.", textOf("home-needs-server"))
                val button = onNodeWithTag("home-set-server").fetchSemanticsNode().config
                assertEquals(
                    listOf("Set a server: opens Settings at the server address"),
                    button[SemanticsProperties.ContentDescription],
                )
                onNodeWithTag("home-set-server").performClick()
                onNodeWithTag("settings-screen").assertExists()
                onNodeWithTag("server-address").assertIsFocused()
                onNodeWithTag("server-address").performTextInput("mills.example.org")
                assertEquals("mills.example.org", app.container.online.server)
                // back on Home, the card is a plain way in again
                onNodeWithTag("back").performClick()
                waitUntil(timeoutMillis = 5_000) { exists("home-screen") }
                assertFalse(exists("home-needs-server"))
                assertTrue(exists("play-friend-online"))
            }
        } finally {
            app.close()
        }
    }

    @Test
    fun theBuildsDefaultServerIsUsedUntilSettingsNamesAnother() {
        LocalServer().start().use { server ->
            val main = ComposeMain()
            val app = onlineApp(null, "Ann", main = main.dispatcher, defaultServer = " ${server.address} ")
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                    onNodeWithTag("play-friend-online").performScrollTo()
                    assertFalse(exists("home-needs-server"))
                    assertEquals(server.address, app.container.online.server)
                    // a room made with nothing typed in Settings is made on the build's server
                    onNodeWithTag("play-friend-online").performClick()
                    assertFalse(exists("needs-server"))
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    waitUntil(timeoutMillis = 20_000) { app.viewModels.online.uiState.value?.code != null }
                }
                // the field overrides the default; emptied, the default is back
                onMain { app.viewModels.settings.setServerAddress("  other.example  ") }
                assertEquals("other.example", app.container.online.server)
                onMain { app.viewModels.settings.setServerAddress(" ") }
                assertEquals(server.address, app.container.online.server)
            } finally {
                app.close()
            }
        }
    }

    @Test
    fun withNeitherASettingNorADefaultOnlinePlayIsOff() {
        val app = onlineApp(null, "Ann")
        try {
            assertNull(app.container.online.server)
            assertFalse(app.container.online.hasServer)
            assertTrue(onMain { app.viewModels.home.uiState.value.needsServer })
            assertTrue(onMain { app.viewModels.playFriend.uiState.value.needsServer })
        } finally {
            app.close()
        }
    }
}
