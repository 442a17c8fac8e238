package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assertContentDescriptionContains
import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onChildAt
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.ThemeMode
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

fun hasTagPrefix(prefix: String) = SemanticsMatcher("testTag starts with $prefix") { node ->
    node.config.contains(SemanticsProperties.TestTag) && node.config[SemanticsProperties.TestTag].startsWith(prefix)
}

/** The whole app, clicked through; the games are played by the real Rust engine. */
@OptIn(ExperimentalTestApi::class)
class ComposeUiTest {
    private fun withApp(strings: Strings = XmlStrings.english(), test: androidx.compose.ui.test.ComposeUiTest.(TestApp) -> Unit) {
        val main = ComposeMain()
        val app = TestApp(main = main.dispatcher)
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, strings) }
                test(app)
            }
        } finally {
            app.close()
        }
    }

    @Test
    fun passAndPlayZhiQiByClickingPoints() = withApp { app ->
        onNodeWithTag("play-friend-ZHIQI").performClick()
        onNodeWithTag("game-screen").assertExists()
        onAllNodes(hasTagPrefix("point-")).assertCountEquals(24)
        onNodeWithTag("point-d6").assertContentDescriptionContains("d6, empty, can place here", substring = true)
        onNodeWithTag("point-d6").performClick()
        onNodeWithTag("point-d6").assertContentDescriptionContains("d6, White piece, last move", substring = true)
        onNodeWithTag("prompt-P2", useUnmergedTree = true).assertTextContains("Place a piece")
        onNodeWithTag("status-title", useUnmergedTree = true).assertTextContains("Black to play")
        onNodeWithTag("announcement", useUnmergedTree = true).assertTextContains("White placed on d6")
        // a mill while placing: the prompt asks for a pin, the opponent's pieces are marked
        for (p in listOf("g1", "a1", "g4", "a4", "e3", "a7")) onNodeWithTag("point-$p").performClick()
        onNodeWithTag("prompt-P1", useUnmergedTree = true).assertTextContains("Pin one of the opponent's pieces")
        onNodeWithTag("point-g1").assertContentDescriptionContains("g1, Black piece, can be pinned", substring = true)
        onNodeWithTag("point-g1").performClick()
        onNodeWithTag("point-g1").assertContentDescriptionContains("g1, White piece", substring = true)
        assertEquals(Player.P1, owners(app.snapshot())["g1"])
        onNodeWithTag("hand-P1", useUnmergedTree = true).onChildAt(0).assertTextEquals("8")
    }

    @Test
    fun aRefusedTapExplainsItself() = withApp {
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performClick()
        onNodeWithTag("point-a1").performClick()
        onNodeWithTag("point-a1").performClick()
        onNodeWithTag("message", useUnmergedTree = true).assertTextContains("a1 is taken")
    }

    @Test
    fun playingTheComputer() = withApp { app ->
        onNodeWithTag("play-computer-TWELVE_MENS_MORRIS").performClick()
        onNodeWithTag("status-title", useUnmergedTree = true).assertTextContains("Your turn")
        onNodeWithTag("point-a1").performClick()
        waitUntil(timeoutMillis = 20_000) { app.snapshot().p2.onBoard.toInt() == 1 }
        waitUntil(timeoutMillis = 5_000) {
            onAllNodes(hasText("Computer placed on", substring = true), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()
        }
        onNodeWithTag("status-title", useUnmergedTree = true).assertTextContains("Your turn")
    }

    @Test
    fun newGameAsksOnlyWhenAGameWouldBeThrownAway() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performClick()
        // nothing played: a new game starts at once
        onNodeWithTag("new-game").performClick()
        onNodeWithTag("confirm").assertDoesNotExist()
        onNodeWithTag("point-a1").performClick()
        // a turn played: asked first, and cancelling keeps it
        onNodeWithTag("new-game").performClick()
        onNodeWithTag("confirm").assertTextContains("New game")
        onNodeWithText("Cancel").performClick()
        assertEquals(Player.P1, owners(app.snapshot())["a1"])
        onNodeWithTag("new-game").performClick()
        onNodeWithTag("confirm").performClick()
        waitForIdle()
        assertEquals(0u, app.snapshot().actionCount)
    }

    @Test
    fun resignShowsTheResultAndRematchStartsAgain() = withApp { app ->
        onNodeWithTag("play-friend-LINKED_HORSE").performClick()
        onNodeWithTag("point-a1").performClick()
        onNodeWithTag("resign").performClick()
        onNodeWithTag("confirm").performClick()
        onNodeWithTag("result-title", useUnmergedTree = true).assertTextContains("White wins!")
        onNodeWithTag("result-reason", useUnmergedTree = true).assertTextContains("Black resigned.")
        onNodeWithTag("rematch").performClick()
        waitForIdle()
        assertEquals(0u, app.snapshot().actionCount)
        onNodeWithTag("point-a1").assertContentDescriptionContains("a1, empty, can place here", substring = true)
    }

    @Test
    fun settingsAreReachableFromTheGameAndApplyAtOnce() = withApp { app ->
        onNodeWithTag("play-computer-ZHIQI").performClick()
        onNodeWithTag("settings").performClick()
        onNodeWithTag("settings-screen").assertExists()
        onNodeWithTag("theme-2").performScrollTo().performClick()
        onNodeWithTag("timer-1").performScrollTo().performClick()
        onNodeWithTag("sound").performScrollTo().performClick()
        assertEquals(ThemeMode.Dark, app.store.read().theme)
        assertEquals(TurnTimer.SECONDS15, app.snapshot().config.timer)
        assertTrue(!app.store.read().sound)
        onNodeWithTag("back").performClick()
        onNodeWithTag("game-screen").assertExists()
    }

    @Test
    fun rulesInChineseFromTheCore() = withApp(XmlStrings.chinese()) {
        onAllNodesWithText("人机对战", substring = true).assertCountEquals(3)
        onNodeWithTag("rules-LINKED_HORSE").performClick()
        onNodeWithTag("rules-screen").assertExists()
        onAllNodesWithText("连环马棋").fetchSemanticsNodes().isNotEmpty().let(::assertTrue)
        onNodeWithText("快速上手").assertExists()
    }

    /** Traditional Chinese strings ask the engine for its Traditional rules text (rules_locale zh-Hant). */
    @Test
    fun rulesInTraditionalChineseFromTheCore() = withApp(XmlStrings.traditionalChinese()) {
        onAllNodesWithText("對戰電腦", substring = true).assertCountEquals(3)
        onNodeWithTag("rules-LINKED_HORSE").performClick()
        onNodeWithTag("rules-screen").assertExists()
        onAllNodesWithText("連環馬棋").fetchSemanticsNodes().isNotEmpty().let(::assertTrue)
        onNodeWithText("快速上手").assertExists()
        onAllNodesWithText("连环马棋").assertCountEquals(0)
    }

    @Test
    fun pointsAreAtLeast48DpAndDescribed() = withApp {
        onNodeWithTag("play-friend-ZHIQI").performClick()
        val nodes = onAllNodes(hasTagPrefix("point-")).fetchSemanticsNodes()
        assertEquals(24, nodes.size)
        for (node in nodes) {
            val widthDp = node.size.width / density.density
            assertTrue(widthDp >= 47.9f, "${node.config[SemanticsProperties.TestTag]} is $widthDp dp wide")
            assertTrue(node.config[SemanticsProperties.ContentDescription].single().isNotBlank())
        }
    }
}
