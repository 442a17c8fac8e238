package app.mills.tests

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.platform.LocalUriHandler
import androidx.compose.ui.platform.UriHandler
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextReplacement
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId

/**
 * The server address as a player types it in Settings: a typed `ws://` is marked not
 * encrypted, a bare host is encrypted, the server's privacy policy opens from there, and a
 * `ws://` server that the network security config keeps encrypted is refused before anything
 * connects (the engine's sockets bypass Android's own check).
 */
@OptIn(ExperimentalTestApi::class)
class ServerSecurityUiTest {
    private fun ComposeUiTest.textOf(tag: String): String =
        onNodeWithTag(tag, useUnmergedTree = true).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString()

    private fun ComposeUiTest.exists(tag: String) =
        onAllNodes(hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()

    /** The browser: the addresses the app asked it to open. */
    private class Opened : UriHandler {
        val uris = mutableListOf<String>()

        override fun openUri(uri: String) {
            uris += uri
        }
    }

    @Test
    fun aTypedWsAddressIsMarkedNotEncryptedAndTheServersPolicyOpens() {
        val main = ComposeMain()
        val app = onlineApp(null, "Ann", main = main.dispatcher)
        val browser = Opened()
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent {
                    CompositionLocalProvider(LocalUriHandler provides browser) {
                        MillsApp(app.viewModels, XmlStrings.english())
                    }
                }
                onNodeWithTag("settings").performClick()
                onNodeWithTag("server-address").performScrollTo()
                assertEquals("Nothing leaves this phone while no server is set.", textOf("privacy-offline"))
                assertTrue(!exists("privacy-policy"))

                onNodeWithTag("server-address").performTextReplacement("ws://192.168.1.5:8080")
                waitUntil(timeoutMillis = 5_000) { exists("server-not-encrypted") }
                assertTrue(textOf("server-not-encrypted").startsWith("Not encrypted: your name, your moves"))
                onNodeWithTag("privacy-policy").performScrollTo().performClick()
                assertEquals(listOf("http://192.168.1.5:8080/privacy"), browser.uris)

                // the host alone is wss:// on port 443: no warning
                onNodeWithTag("server-address").performScrollTo().performTextReplacement("mills.example.org")
                waitUntil(timeoutMillis = 5_000) { !exists("server-not-encrypted") }
                assertTrue(!exists("privacy-offline"))
                onNodeWithTag("privacy-policy").performScrollTo().performClick()
                assertEquals("https://mills.example.org/privacy", browser.uris.last())

                onNodeWithTag("server-address").performScrollTo().performTextReplacement("WS://Mills.Example.org")
                waitUntil(timeoutMillis = 5_000) { exists("server-not-encrypted") }
                onNodeWithTag("server-address").performScrollTo().performTextReplacement("")
                waitUntil(timeoutMillis = 5_000) { exists("privacy-offline") }
                assertTrue(!exists("server-not-encrypted"))
            }
        } finally {
            app.close()
        }
    }

    @Test
    fun aWsServerOtherThanThisDeviceIsRefusedBeforeConnecting() {
        val main = ComposeMain()
        // 127.0.0.2 is this machine too, but not one of the hosts the manifest's rule names:
        // without the check the engine would connect to it unencrypted
        val app = TestApp(
            store = InMemorySettingsStore(
                UserSettings(lessonsOffered = GameId.entries.toSet(), serverAddress = "ws://127.0.0.2:9", playerName = "Ann"),
            ),
            main = main.dispatcher,
        )
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                onNodeWithTag("play-friend-online").performScrollTo().performClick()
                onNodeWithTag("online-create").performScrollTo().performClick()
                waitUntil(timeoutMillis = 5_000) { exists("online-error") }
                assertEquals(
                    "The app connects without encryption (ws://) only to this device. Use wss:// or the host alone.",
                    textOf("online-error"),
                )
                onNodeWithTag("play-friend-screen").assertExists()
            }
        } finally {
            app.close()
        }
    }
}
