package app.mills.tests

import androidx.compose.ui.geometry.Size
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runSkikoComposeUiTest
import androidx.compose.ui.unit.Density
import app.mills.data.ThemeMode
import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import app.mills.ui.components.BackDispatcher
import app.mills.ui.navigation.Route
import uniffi.mills_ffi.GameId
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The system's back, handed to the app's [BackDispatcher] as Android's BackHandler does: it
 * closes the top dialog or sheet, then leaves review, then goes back a screen; at Home the app
 * does not take it (the platform's own back, going home, applies). And the system bars hear
 * the app's own theme.
 */
@OptIn(ExperimentalTestApi::class)
class BackTest {
    private fun withApp(
        settings: UserSettings = UserSettings(),
        onDarkThemeChanged: (Boolean) -> Unit = {},
        test: ComposeUiTest.(SharingTestApp, BackDispatcher) -> Unit,
    ) {
        // the app's main-thread work on the test's composition dispatcher, as in the other UI
        // tests: on Swing's event thread it raced the clicks (a review opened after the check)
        val main = ComposeMain()
        val app = SharingTestApp(settings, main = main.dispatcher)
        val back = BackDispatcher()
        try {
            runSkikoComposeUiTest(size = Size(393f, 800f), density = Density(1f), effectContext = main.composition) {
                setContent {
                    MillsApp(app.viewModels, XmlStrings.english(), backDispatcher = back, onDarkThemeChanged = onDarkThemeChanged)
                }
                test(app, back)
            }
        } finally {
            app.close()
        }
    }

    /** One press of the system's back; whether the app took it. */
    private fun ComposeUiTest.pressBack(back: BackDispatcher): Boolean {
        val taken = runOnIdle { back.handle() }
        waitForIdle()
        return taken
    }

    private fun ComposeUiTest.canHandle(back: BackDispatcher) = runOnIdle { back.canHandle }

    private fun ComposeUiTest.tap(vararg points: String) = points.forEach { onNodeWithTag("point-$it").performClick() }

    private fun ComposeUiTest.inReview() = onNodeWithTag("review-caption", useUnmergedTree = true)

    private fun ComposeUiTest.reviewTurn8() {
        onNodeWithTag("play-friend-TWELVE_MENS_MORRIS").performScrollTo().performClick()
        tap(*CAPTURE_GAME)
        onNodeWithTag("moves-toggle").performClick()
        onNodeWithTag("move-7").performClick()
        inReview().assertExists()
    }

    @Test
    fun backClosesTheSheetThenLeavesReviewThenGoesHome() = withApp { app, back ->
        onNodeWithTag("home-screen").assertExists()
        assertFalse(canHandle(back), "at Home back belongs to the platform")
        assertFalse(pressBack(back))

        reviewTurn8()
        val live = owners(app.snapshot())
        onNodeWithTag("record").performClick()
        onNodeWithTag("record-sheet").assertExists()
        assertTrue(canHandle(back))

        assertTrue(pressBack(back))
        onNodeWithTag("record-sheet").assertDoesNotExist()
        inReview().assertExists()

        assertTrue(pressBack(back))
        inReview().assertDoesNotExist()
        onNodeWithTag("game-screen").assertExists()
        onNodeWithTag("undo").assertExists()
        assertEquals(live, owners(app.snapshot()), "leaving review leaves the live game as it was")

        assertTrue(pressBack(back))
        onNodeWithTag("home-screen").assertExists()
        assertFalse(canHandle(back))
    }

    @Test
    fun ofTwoOpenDialogsTheOneOpenedLastClosesFirst() = withApp { app, back ->
        reviewTurn8()
        onNodeWithTag("record").performClick()
        onNodeWithTag("record-sheet").assertExists()
        // a record that could not be read arrives while the sheet is open (a share, say)
        runOnIdle { app.viewModels.game.reportUnreadableRecordFile() }
        onNodeWithTag("import-error").assertExists()

        assertTrue(pressBack(back))
        onNodeWithTag("import-error").assertDoesNotExist()
        onNodeWithTag("record-sheet").assertExists()
        assertTrue(pressBack(back))
        onNodeWithTag("record-sheet").assertDoesNotExist()
        inReview().assertExists()
    }

    @Test
    fun aConfirmationClosedByBackChangesNothing() = withApp { app, back ->
        reviewTurn8()
        onNodeWithTag("play-from-here").performClick()
        onNodeWithTag("confirm").assertExists()
        val live = owners(app.snapshot())
        assertTrue(pressBack(back))
        onNodeWithTag("confirm").assertDoesNotExist()
        inReview().assertExists()
        assertEquals(live, owners(app.snapshot()))
    }

    @Test
    fun backOnOtherScreensGoesBackOneScreen() = withApp { _, back ->
        onNodeWithTag("settings").performClick()
        onNodeWithTag("home-screen").assertDoesNotExist()
        assertTrue(pressBack(back))
        onNodeWithTag("home-screen").assertExists()
    }

    private fun ComposeUiTest.stack(app: SharingTestApp) = runOnIdle { app.viewModels.app.backStack.value }

    @Test
    fun aScreenInItsExitAnimationAnswersNoBack() = withApp { app, back ->
        // the room's screen answers back itself (it closes the room, then goes back a screen)
        runOnIdle { app.viewModels.app.navigate(Route.Online) }
        waitForIdle()
        mainClock.autoAdvance = false // hold the screens' fade where it is
        assertTrue(pressBack(back))
        assertEquals(listOf(Route.Home), stack(app))
        mainClock.advanceTimeByFrame() // the room fades out over Home
        // at Home back is the platform's (going home), even while the room is still drawn
        assertFalse(canHandle(back), "a screen that is leaving still takes back")
        assertFalse(pressBack(back))
        assertEquals(listOf(Route.Home), stack(app))
        mainClock.autoAdvance = true
        waitForIdle()
        onNodeWithTag("home-screen").assertExists()
    }

    @Test
    fun aSecondPressInTheFadeGoesBackOneScreen() = withApp { app, back ->
        runOnIdle { app.viewModels.app.navigate(Route.Settings) }
        runOnIdle { app.viewModels.app.navigate(Route.Online) }
        waitForIdle()
        mainClock.autoAdvance = false
        assertTrue(pressBack(back))
        assertEquals(listOf(Route.Home, Route.Settings), stack(app))
        mainClock.advanceTimeByFrame() // the room fades out, Settings fades in
        assertTrue(pressBack(back))
        assertEquals(listOf(Route.Home), stack(app))
    }

    @Test
    fun backDuringAScreensEntranceLeavesItNotTheReviewUnderIt() = withApp { app, back ->
        reviewTurn8()
        mainClock.autoAdvance = false
        runOnIdle { app.viewModels.app.navigate(Route.Rules(GameId.TWELVE_MENS_MORRIS)) }
        mainClock.advanceTimeByFrame() // the rules fade in over the game, still in review
        assertTrue(pressBack(back))
        assertEquals(listOf(Route.Home, Route.Game), stack(app), "back did not leave the rules")
        assertTrue(runOnIdle { app.viewModels.game.uiState.value?.review != null }, "back left the review behind the rules")
        mainClock.autoAdvance = true
        waitForIdle()
        inReview().assertExists()
    }

    @Test
    fun theSystemBarsHearTheAppsThemeNotTheSystems() {
        // added to by the composition, read by the test
        val heard = java.util.Collections.synchronizedList(mutableListOf<Boolean>())
        withApp(UserSettings(theme = ThemeMode.Dark), onDarkThemeChanged = { heard += it }) { app, _ ->
            // the settings' flow may answer on the main (Swing) thread: wait for what is heard
            fun heardBecomes(expected: List<Boolean>) =
                waitUntil(timeoutMillis = 5_000) { heard.toList() == expected }
            heardBecomes(listOf(true))
            onMain { app.viewModels.settings.setTheme(ThemeMode.Light) }
            heardBecomes(listOf(true, false))
            onMain { app.viewModels.settings.setTheme(ThemeMode.Dark) }
            heardBecomes(listOf(true, false, true))
        }
    }

    @Test
    fun theWindowHearsASettingThatKeepsTheColours() {
        // Light to System on a light system draws the same, but Android must remember the
        // setting for the next start's window (StartingWindowTheme): it is told again
        val heard = java.util.Collections.synchronizedList(mutableListOf<Boolean>())
        withApp(UserSettings(theme = ThemeMode.Light), onDarkThemeChanged = { heard += it }) { app, _ ->
            waitUntil(timeoutMillis = 5_000) { heard.toList() == listOf(false) }
            onMain { app.viewModels.settings.setTheme(ThemeMode.System) }
            waitUntil(timeoutMillis = 5_000) { heard.size == 2 }
        }
    }
}
