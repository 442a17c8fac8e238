package app.mills.tests

import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assert
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertContentDescriptionContains
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.onChild
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.hasContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performCustomAccessibilityActionWithLabel
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipeLeft
import androidx.compose.ui.test.swipeRight
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.v2.runSkikoComposeUiTest
import androidx.compose.ui.unit.Density
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.MillsApp
import app.mills.ui.openRecordFile
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player

/** Move list, review, play from here, hints and records, clicked through the whole app. */
@OptIn(ExperimentalTestApi::class)
class ReviewComposeUiTest {
    /** The app on a phone-sized window (393 × 800 dp): the move list is the collapsible panel. */
    private fun withApp(
        strings: Strings = XmlStrings.english(),
        size: Size = Size(393f, 800f),
        pickFile: ((SharingTestApp) -> Unit)? = null,
        test: ComposeUiTest.(SharingTestApp) -> Unit,
    ) {
        val main = ComposeMain()
        val app = SharingTestApp(main = main.dispatcher)
        try {
            runSkikoComposeUiTest(size = size, density = Density(1f), effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, strings, onOpenRecordFile = pickFile?.let { { it(app) } }) }
                test(app)
            }
        } finally {
            app.close()
        }
    }

    private fun ComposeUiTest.tap(vararg points: String) = points.forEach { onNodeWithTag("point-$it").performClick() }

    private fun ComposeUiTest.caption() = onNodeWithTag("review-caption", useUnmergedTree = true)

    @Test
    fun theMoveListOpensAndTheReviewStepsBackAndForward() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("moves-toggle").performClick()
        onNodeWithTag("move-list").assertExists()
        onNodeWithTag("move-8").assertContentDescriptionContains("Turn 9, White: a7xg1")
        onNodeWithTag("move-10").assertContentDescriptionContains("Turn 11, White: to play, current turn")
        val live = owners(app.snapshot())

        onNodeWithTag("move-8").performClick()
        caption().assertContentDescriptionContains("After turn 9 of 10: White a7xg1", substring = true)
        // every step is announced: the caption is a polite live region
        caption().assert(SemanticsMatcher.expectValue(SemanticsProperties.LiveRegion, LiveRegionMode.Polite))
        onNodeWithTag("move-8").assertContentDescriptionContains("current turn", substring = true)
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, White piece, in a mill, last move", substring = true)
        onNodeWithTag("point-d6").assertContentDescriptionContains("d6, empty", substring = true)

        onNodeWithTag("review-back").performClick()
        caption().assertContentDescriptionContains("After turn 8 of 10: Black e4", substring = true)
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, empty", substring = true)
        onNodeWithTag("point-g1").assertContentDescriptionContains("g1, Black piece", substring = true)

        onNodeWithTag("review-forward").performClick()
        caption().assertContentDescriptionContains("After turn 9 of 10", substring = true)
        // a swipe to the right on the board is one turn back, to the left one forward
        onNodeWithTag("board").performTouchInput { swipeRight() }
        caption().assertContentDescriptionContains("After turn 8 of 10", substring = true)
        onNodeWithTag("board").performTouchInput { swipeLeft() }
        onNodeWithTag("board").performTouchInput { swipeLeft() }
        caption().assertContentDescriptionContains("After turn 10 of 10: Black d6", substring = true)
        // (the tag is on the button's frame; the clickable is its child)
        onNodeWithTag("review-forward").onChild().assertIsNotEnabled()
        onNodeWithTag("play-from-here").onChild().assertIsNotEnabled()
        onNodeWithTag("review-back").onChild().assertIsEnabled()

        // screen readers step with the board's actions instead of a swipe
        onNodeWithTag("board").performCustomAccessibilityActionWithLabel("Previous")
        caption().assertContentDescriptionContains("After turn 9 of 10", substring = true)

        assertEquals(live, owners(app.snapshot()))
        onNodeWithTag("review-exit").performClick()
        onNodeWithTag("undo").assertExists()
        onNodeWithTag("point-d6").assertContentDescriptionContains("d6, Black piece", substring = true)
    }

    @Test
    fun playFromAnEarlierTurnAfterConfirming() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("moves-toggle").performClick()
        onNodeWithTag("move-7").performClick()
        onNodeWithTag("play-from-here").performClick()
        // asked first: cancelling keeps the game as it was
        onNodeWithTag("confirm").assertExists()
        onNodeWithText("Cancel").performClick()
        assertEquals(Player.P1, owners(app.snapshot())["a7"])
        onNodeWithTag("play-from-here").performClick()
        onNodeWithTag("confirm").performClick()
        waitForIdle()
        assertNull(owners(app.snapshot())["a7"])
        assertEquals(Player.P2, owners(app.snapshot())["g1"])
        onNodeWithTag("announcement", useUnmergedTree = true).assertTextContains("The game is back at turn 9")
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, empty, can place here", substring = true)
        onNodeWithTag("redo").assertExists()
    }

    @Test
    fun aHintIsAskedForAndDrawnOnTheBoard() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        // a7 closes P1's mill and blocks P2's: the best turn at every depth and time
        tap("a1", "d7", "a4", "g7")
        onNodeWithTag("hint").performClick()
        waitUntil(timeoutMillis = 20_000) {
            onAllNodes(hasContentDescription("hint: play here", substring = true)).fetchSemanticsNodes().isNotEmpty()
        }
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, empty, can place here, hint: play here")
        val removals = onAllNodes(hasContentDescription("hint: take this piece", substring = true)).fetchSemanticsNodes()
        assertEquals(1, removals.size)
        onNodeWithTag("announcement", useUnmergedTree = true).assertTextContains("Hint: place a piece on a7, then take", substring = true)
        assertEquals(1u, app.games.hintsUsed().toUInt())
        // the player's own move clears it
        tap("a7")
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, White piece", substring = true)
        assertTrue(onAllNodes(hasContentDescription("hint:", substring = true)).fetchSemanticsNodes().isEmpty())
    }

    @Test
    fun hintsUsedAgainstTheComputerCountInTheRecordOnHome() = withApp { app ->
        onNodeWithTag("play-computer-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap("a1")
        waitUntil(timeoutMillis = 20_000) { app.snapshot().p2.onBoard.toInt() == 1 }
        onNodeWithTag("hint").performClick()
        waitUntil(timeoutMillis = 20_000) {
            onAllNodes(hasContentDescription("hint: play here", substring = true)).fetchSemanticsNodes().isNotEmpty()
        }
        onNodeWithTag("resign").performClick()
        onNodeWithTag("confirm").performClick()
        onNodeWithTag("result-hints", useUnmergedTree = true).assertTextContains("Hints used: 1")
        onNodeWithText("View board").performClick()
        onNodeWithTag("back").performClick()
        onNodeWithTag("home-screen").assertExists()
        onNodeWithTag("record-hints-TWELVE_MENS_MORRIS", useUnmergedTree = true)
            .performScrollTo()
            .assertTextContains("Hints used: 1 · wins with a hint: 0")
        // a game without hints shows no such line
        onNodeWithTag("record-hints-ZHIQI", useUnmergedTree = true).assertDoesNotExist()
    }

    @Test
    fun leavingTheGameStopsTheHintBeingSearchedFor() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap("a1", "g1")
        onNodeWithTag("hint").performClick()
        assertTrue(app.state().hintBusy)
        onNodeWithTag("back").performClick()
        onNodeWithTag("home-screen").assertExists()
        assertTrue(!app.state().hintBusy)
    }

    @Test
    fun aRecordIsExportedAndImportedAgain() = withApp { app ->
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("record").performClick()
        onNodeWithTag("record-text", useUnmergedTree = true).assertTextContains("mills-record 1", substring = true)
        onNodeWithTag("record-hints", useUnmergedTree = true).assertTextContains("Hints used: 0")
        onNodeWithTag("record-copy").performClick()
        val text = app.sharing.clipboard!!
        assertTrue(text.contains("\n9. P1 a7xg1\n"), text)
        onNodeWithTag("record-share").performClick()
        assertEquals(listOf(text to "Mills game record"), app.sharing.shared)
        onNodeWithTag("record-close").performClick()
        onNodeWithTag("back").performClick()

        // Home: open the record from the clipboard. It would end the unfinished game it was
        // copied from, so the app asks first; cancelling keeps that game and loads nothing.
        val live = owners(app.snapshot())
        onNodeWithTag("import-record").performScrollTo().performClick()
        onNodeWithText("Open this record?").assertExists()
        onNodeWithText("Your unfinished game (Twelve Men's Morris · turn 11) will end.", substring = true).assertExists()
        onNodeWithText("Cancel").performClick()
        onNodeWithTag("confirm").assertDoesNotExist()
        onNodeWithTag("home-screen").assertExists()
        assertEquals(live, owners(app.snapshot()))
        // agreed: it opens in review at its last turn
        onNodeWithTag("import-record").performScrollTo().performClick()
        onNodeWithTag("confirm").assertTextContains("Open record").performClick()
        onNodeWithTag("game-screen").assertExists()
        caption().assertContentDescriptionContains("After turn 10 of 10: Black d6", substring = true)
        onNodeWithTag("move-list").assertExists()
        onNodeWithTag("move-8").assertContentDescriptionContains("Turn 9, White: a7xg1")
        assertEquals(GameMode.PassAndPlay, app.snapshot().config.mode)
        onNodeWithTag("review-back").performClick()
        caption().assertContentDescriptionContains("After turn 9 of 10", substring = true)
        // the imported game plays on from its last position
        onNodeWithTag("review-exit").performClick()
        tap("b6")
        onNodeWithTag("point-b6").assertContentDescriptionContains("b6, White piece", substring = true)
    }

    @Test
    fun aRecordOpensFromATextFileAndAnUnreadableFileIsSaidSo() {
        // what the Android shell's document picker hands back: the file's text, or null
        var picked: String? = null
        var picks = 0
        withApp(pickFile = { app -> picks++; app.viewModels.openRecordFile(picked) }) { app ->
            onNodeWithTag("play-friend-LINKED_HORSE").performScrollTo().performClick()
            tap("a1", "g1")
            onNodeWithTag("resign").performClick()
            onNodeWithTag("confirm").performClick()
            onNodeWithText("View board").performClick()
            onNodeWithTag("record").performClick()
            onNodeWithTag("record-copy").performClick()
            picked = app.sharing.clipboard!!
            app.sharing.clipboard = null
            onNodeWithTag("record-close").performClick()
            onNodeWithTag("back").performClick()

            onNodeWithTag("import-record-file").performScrollTo().assertTextContains("Open a text file").performClick()
            assertEquals(1, picks)
            onNodeWithTag("game-screen").assertExists()
            caption().assertContentDescriptionContains("After turn 2 of 2", substring = true)

            onNodeWithTag("back").performClick()
            picked = null
            onNodeWithTag("import-record-file").performScrollTo().performClick()
            onNodeWithTag("import-error-text", useUnmergedTree = true).assertTextContains("The file could not be read")
            onNodeWithTag("home-screen").assertExists()
            onNodeWithTag("import-error-ok").performClick()
            onNodeWithTag("import-error").assertDoesNotExist()
        }
    }

    @Test
    fun aBadRecordIsRefusedWithItsMessage() = withApp { app ->
        // no document picker on this platform: no file button
        onNodeWithTag("import-record-file").assertDoesNotExist()
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("record").performClick()
        onNodeWithTag("record-copy").performClick()
        onNodeWithTag("record-close").performClick()
        onNodeWithTag("back").performClick()
        val live = owners(app.snapshot())
        app.sharing.clipboard = app.sharing.clipboard!!.replace("9. P1 a7xg1", "9. P1 a7xa1")
        onNodeWithTag("import-record").performScrollTo().performClick()
        onNodeWithTag("import-error-text", useUnmergedTree = true)
            .assertTextContains("The game record cannot be replayed: turn 9 is not legal")
        onNodeWithTag("home-screen").assertExists()
        assertEquals(live, owners(app.snapshot()))
        onNodeWithTag("import-error-ok").performClick()
        onNodeWithTag("import-error").assertDoesNotExist()
        app.sharing.clipboard = "shopping list"
        onNodeWithTag("import-record").performScrollTo().performClick()
        onNodeWithTag("import-error-text", useUnmergedTree = true).assertTextContains("This text is not a Mills game record")
    }

    @Test
    fun theResultOffersReview() = withApp {
        onNodeWithTag("play-friend-LINKED_HORSE").performScrollTo().performClick()
        tap("a1")
        onNodeWithTag("resign").performClick()
        onNodeWithTag("confirm").performClick()
        onNodeWithTag("result-hints", useUnmergedTree = true).assertTextContains("Hints used: 0")
        onNodeWithTag("result-review").performClick()
        caption().assertContentDescriptionContains("After turn 1 of 1: White a1", substring = true)
        caption().assertContentDescriptionContains("Final position", substring = true)
        onNodeWithTag("move-1").assertContentDescriptionContains("Turn 2, Black: resigned")
    }

    @Test
    fun theReviewInChinese() = withApp(XmlStrings.chinese()) {
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("moves-toggle").performClick()
        onNodeWithTag("move-8").assertContentDescriptionContains("第 9 回合，白方：a7xg1")
        onNodeWithTag("move-8").performClick()
        caption().assertContentDescriptionContains("第 9 回合后（共 10 回合）：白方 a7xg1", substring = true)
        onNodeWithText("上一步").assertExists()
        onNodeWithText("从此处续弈").assertExists()
    }

    @Test
    fun onATabletTheMoveListIsAColumnBesideTheBoard() = withApp(size = Size(1280f, 800f)) {
        onNodeWithTag("play-friend-ZHIQI").performScrollTo().performClick()
        tap("d6", "a7")
        onNodeWithTag("moves-toggle").assertDoesNotExist()
        onNodeWithTag("move-list").assertExists()
        onNodeWithTag("move-1").assertContentDescriptionContains("Turn 2, Black: a7")
        onNodeWithTag("move-0").performClick()
        caption().assertContentDescriptionContains("After turn 1 of 2: White d6", substring = true)
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, empty", substring = true)
    }
}
