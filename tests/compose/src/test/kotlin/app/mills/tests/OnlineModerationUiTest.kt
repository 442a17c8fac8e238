package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.strings.StringKey
import app.mills.strings.text
import app.mills.ui.MillsApp
import app.mills.ui.openInvite
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/**
 * Report and Block, clicked through on one app against a second app on the real engine client
 * and the real mills-server: a report with its reason, a block confirmed (the name gone, the game
 * still finished), no rematch offered, and the blocked player's rematch refused in words.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineModerationUiTest {
    private fun ComposeUiTest.spokenOf(tag: String): String =
        onNodeWithTag(tag).fetchSemanticsNode().config[SemanticsProperties.ContentDescription].joinToString()

    @Test
    fun aPlayerReportsAndBlocksTheOpponentAndTheGameCanStillEnd() {
        val main = ComposeMain()
        LocalServer().start().use { server ->
            val sharing = FakeInviteSharing()
            val ann = onlineApp(server, "Ann", sharing, main.dispatcher)
            val bo = onlineApp(server, "Bo")
            try {
                runComposeUiTest(effectContext = main.composition) {
                    setContent { MillsApp(ann.viewModels, XmlStrings.english()) }
                    onNodeWithTag("play-friend-online").performScrollTo().performClick()
                    onNodeWithTag("online-game-ZHIQI").performClick()
                    onNodeWithTag("online-create").performScrollTo().performClick()
                    waitFor("the invite code") { exists("invite-code") }
                    onNodeWithTag("online-report").assertDoesNotExist()
                    onNodeWithTag("share-invite").performClick()
                    val (_, link) = sharing.shared ?: error("nothing shared")
                    onMain { bo.viewModels.openInvite(link) }
                    waitFor("Bo seated") { exists("point-d6") }
                    assertEquals("Bo (Black)", textOf("name-P2"))

                    // Report, with a reason from the list
                    assertEquals("Report this player", spokenOf("online-report"))
                    onNodeWithTag("online-report").performScrollTo().performClick()
                    onNodeWithTag("report-reason-OFFENSIVE_NAME").performClick()
                    waitFor("the report stored") { exists("online-message") }
                    assertEquals("Report sent to the server's operator.", textOf("online-message"))

                    // Block, confirmed: the name is gone at once; the game goes on
                    assertEquals("Block this player", spokenOf("online-block"))
                    onNodeWithTag("online-block").performScrollTo().performClick()
                    onNodeWithTag("confirm").performClick()
                    waitFor("the name hidden") { textOf("name-P2") == "Opponent (Black)" }
                    waitFor("the block stored") { exists("online-message") && textOf("online-message") == "Player blocked." }
                    onNodeWithTag("online-block").assertDoesNotExist()
                    onNodeWithTag("point-d6").performClick()
                    eventually(explain = { "d6 on Bo's board after the block" }) { bo.onlineOwner("d6") != null }

                    // The game can still end; no rematch is offered, and Bo's is refused in words
                    onNodeWithTag("online-resign").performScrollTo().performClick()
                    onNodeWithTag("confirm").performClick()
                    waitFor("the result") { exists("online-result") }
                    onNodeWithTag("online-rematch").assertDoesNotExist()
                    onNodeWithTag("online-report").assertExists()
                    onMain { bo.viewModels.online.rematch() }
                    eventually(explain = { "Bo's rematch refused" }) {
                        onMain { bo.viewModels.online.uiState.value?.message } == text(StringKey.OnlineRematchBlocked)
                    }
                }
            } finally {
                ann.close()
                onMain { bo.close() }
            }
        }
    }
}
