package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertContentDescriptionContains
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.lessonProgressLoad
import java.io.File

/** The lessons clicked through as a player does: from the rules or the first-open offer, on the real board. */
@OptIn(ExperimentalTestApi::class)
class LessonUiTest {
    private fun withApp(
        /** The app, on the test's main thread ([ComposeMain.dispatcher]). */
        create: (ComposeMain) -> TestApp = { TestApp(main = it.dispatcher) },
        strings: Strings = XmlStrings.english(),
        test: ComposeUiTest.(TestApp) -> Unit,
    ) {
        val main = ComposeMain()
        val app = create(main)
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, strings) }
                test(app)
            }
        } finally {
            app.close()
        }
    }

    private fun ComposeUiTest.openCourse(game: GameId) {
        onNodeWithTag("rules-${game.name}").performScrollTo().performClick()
        onNodeWithTag("lessons-${game.name}").performScrollTo().performClick()
        onNodeWithTag("lesson-list").assertExists()
    }

    private fun ComposeUiTest.openLesson(id: String) {
        onNodeWithTag("lesson-$id").performScrollTo().performClick()
        onNodeWithTag("lesson-screen").assertExists()
    }

    private fun ComposeUiTest.tap(vararg points: String) {
        for (p in points) onNodeWithTag("point-$p").performClick()
    }

    private fun ComposeUiTest.verdict(): String =
        onNodeWithTag("verdict", useUnmergedTree = true).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString()

    private fun solvedIds(app: TestApp): List<String> =
        lessonProgressLoad(File(app.dir, "lessons.json").path).solved

    /** Opens [id] from [game]'s course, taps [points], and checks the lesson is solved and saved. */
    private fun ComposeUiTest.solve(
        app: TestApp,
        game: GameId,
        id: String,
        vararg points: String,
        onTheBoard: ComposeUiTest.() -> Unit = {},
    ) {
        openCourse(game)
        onNodeWithTag("lesson-$id").assertContentDescriptionContains("Not solved yet", substring = true)
        openLesson(id)
        onNodeWithTag("lesson-goal", useUnmergedTree = true).assertExists()
        tap(*points)
        assertEquals("Solved!", verdict())
        onNodeWithTag("lesson-feedback").assertContentDescriptionContains("Solved!", substring = true)
        onTheBoard()
        assertTrue(id in solvedIds(app), "the progress file has $id")
        onNodeWithTag("back").performClick()
        onNodeWithTag("lesson-list").assertExists()
        onNodeWithTag("lesson-$id").assertContentDescriptionContains(". Solved", substring = true)
        onNodeWithTag("lessons-progress", useUnmergedTree = true).assertTextContains("1 of 7 solved")
    }

    @Test
    fun aZhiQiLessonIsSolvedByPinningOnTheBoard() = withApp { app ->
        solve(app, GameId.ZHIQI, "zhiqi-pin", "g7", "e4") {
            // the pin: e4 changed colour, and nothing is a target any more
            onNodeWithTag("point-e4").assertContentDescriptionContains("e4, your piece", substring = true)
            onNodeWithTag("lesson-announcement", useUnmergedTree = true).assertTextContains("You pinned e4", substring = true)
        }
        onNodeWithTag("back").performClick()
        onNodeWithTag("rules-screen").assertExists()
    }

    @Test
    fun aLinkedHorseLessonIsSolvedByAThreeInLineWin() = withApp { app ->
        solve(app, GameId.LINKED_HORSE, "linked-horse-three-in-line", "b6", "a7") {
            onNodeWithTag("point-a7").assertContentDescriptionContains("a7, your piece", substring = true)
            onNodeWithTag("point-b6").assertContentDescriptionContains("b6, empty", substring = true)
            // the learner's counters from the engine's panel: an empty hand, seven in the stable
            onNodeWithTag("lesson-side-P1").assertContentDescriptionContains("You: 0 in hand, 3 on board, Stable 7", substring = true)
        }
    }

    @Test
    fun aTwelveMensMorrisLessonIsSolvedWithADiagonalMill() = withApp { app ->
        solve(app, GameId.TWELVE_MENS_MORRIS, "twelve-mens-morris-diagonals", "c5", "d1") {
            onNodeWithTag("point-c5").assertContentDescriptionContains("c5, your piece, in a mill", substring = true)
            onNodeWithTag("point-d1").assertContentDescriptionContains("d1, empty", substring = true)
        }
    }

    @Test
    fun aWrongAnswerIsExplainedAndTryAgainAndTheHintHelp() = withApp { app ->
        openCourse(GameId.ZHIQI)
        openLesson("zhiqi-pin")
        tap("e5")
        assertEquals("Not quite", verdict())
        onNodeWithTag("explanation", useUnmergedTree = true).assertTextContains("Blocking e5 is careful", substring = true)
        onNodeWithTag("lesson-feedback").assertContentDescriptionContains("Not quite. Blocking e5", substring = true)
        onNodeWithTag("point-e5").assertContentDescriptionContains("e5, empty", substring = true)
        // a legal move the lesson does not teach: "not this time", nothing played
        tap("b2")
        onNodeWithTag("explanation", useUnmergedTree = true).assertTextContains("Not this time", substring = true)
        onNodeWithTag("point-b2").assertContentDescriptionContains("b2, empty", substring = true)
        // the rules' own refusal
        tap("a7")
        onNodeWithTag("explanation", useUnmergedTree = true).assertTextContains("a7 is taken", substring = true)
        onNodeWithTag("hint").performClick()
        onNodeWithTag("hint-text", useUnmergedTree = true).assertTextContains("Hint: Your pieces on a7 and d7", substring = true)
        onNodeWithTag("hint").assertIsNotEnabled()
        // halfway, then back to the start
        tap("g7")
        onNodeWithTag("point-g7").assertContentDescriptionContains("g7, your piece", substring = true)
        onNodeWithTag("try-again").performClick()
        onNodeWithTag("point-g7").assertContentDescriptionContains("g7, empty", substring = true)
        onNodeWithTag("lesson-announcement", useUnmergedTree = true).assertTextContains("Back to the start of the lesson")
        assertTrue(solvedIds(app).isEmpty())
    }

    @Test
    fun theScriptedOpponentRepliesOnTheBoard() = withApp {
        openCourse(GameId.TWELVE_MENS_MORRIS)
        openLesson("twelve-mens-morris-shuttle")
        tap("d2", "f2", "b2")
        onNodeWithTag("lesson-announcement", useUnmergedTree = true)
            .assertTextContains("Computer moved a4 to a7", substring = true)
        onNodeWithTag("point-a7").assertContentDescriptionContains("a7, computer's piece", substring = true)
    }

    @Test
    fun nextOpensTheFollowingLessonAndResetClearsTheCourse() = withApp { app ->
        openCourse(GameId.ZHIQI)
        openLesson("zhiqi-pin")
        tap("g7", "e4")
        onNodeWithTag("next-lesson").performClick()
        waitUntil(timeoutMillis = 5_000) { onAllNodes(hasText("Two lines at once", substring = true)).fetchSemanticsNodes().isNotEmpty() }
        onNodeWithText("Zhi Qi · lesson 2 of 7", substring = true).assertExists()
        onNodeWithTag("back").performClick()
        onNodeWithTag("lesson-list").assertExists()
        onNodeWithTag("lesson-zhiqi-double-pin").assertContentDescriptionContains("Lesson 2 of 7", substring = true)
        onNodeWithTag("reset-lessons").performScrollTo().performClick()
        onNodeWithTag("confirm").performClick()
        onNodeWithTag("lessons-progress", useUnmergedTree = true).assertTextContains("0 of 7 solved")
        assertTrue(solvedIds(app).isEmpty(), "the engine's file was reset")
    }

    @Test
    fun aTimerLessonPassesTheTurnWhenItsTimeRunsOut() = withApp({ TestApp(lessonSecondMs = 40, main = it.dispatcher) }) { app ->
        openCourse(GameId.LINKED_HORSE)
        openLesson("linked-horse-timer")
        waitUntil(timeoutMillis = 10_000) { onAllNodes(hasText("Solved!"), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty() }
        onNodeWithTag("lesson-announcement", useUnmergedTree = true).assertTextContains("Time is up", substring = true)
        assertTrue("linked-horse-timer" in solvedIds(app))
        // the course's last lesson: back to the list, no next
        onNodeWithTag("next-lesson").assertDoesNotExist()
        onNodeWithTag("all-lessons").performClick()
        onNodeWithTag("lesson-list").assertExists()
    }

    @Test
    fun theFirstOpeningOfAGameOffersItsLessonsOnce() = withApp({ TestApp(store = InMemorySettingsStore(UserSettings()), main = it.dispatcher) }) { app ->
        onNodeWithTag("play-friend-ZHIQI").performClick()
        onNodeWithTag("lesson-offer").assertExists()
        onNodeWithText("Learn to play Zhi Qi?", substring = true).assertExists()
        onNodeWithTag("offer-not-now").performClick()
        onNodeWithTag("game-screen").assertExists()
        assertEquals(setOf(GameId.ZHIQI), app.store.read().lessonsOffered)
        onNodeWithTag("back").performClick()
        onNodeWithTag("play-friend-ZHIQI").performClick()
        onNodeWithTag("game-screen").assertExists()
        onNodeWithTag("lesson-offer").assertDoesNotExist()
        onNodeWithTag("back").performClick()
        // Start: the first lesson of the course, with the list under it
        onNodeWithTag("play-computer-LINKED_HORSE").performScrollTo().performClick()
        onNodeWithTag("offer-start").performClick()
        onNodeWithTag("lesson-screen").assertExists()
        onNodeWithText("A linked horse goes to the stable", substring = true).assertExists()
        assertFalse(GameId.TWELVE_MENS_MORRIS in app.store.read().lessonsOffered)
        onNodeWithTag("back").performClick()
        onNodeWithTag("lesson-list").assertExists()
    }

    @Test
    fun aDamagedProgressFileIsReportedAndKept() = withApp { app ->
        val file = File(app.dir, "lessons.json")
        file.writeText("{\"solved\": 7")
        openCourse(GameId.ZHIQI)
        onNodeWithTag("lessons-error", useUnmergedTree = true).assertTextContains("damaged", substring = true)
        openLesson("zhiqi-pin")
        tap("g7", "e4")
        assertEquals("Solved!", verdict())
        onNodeWithTag("progress-error", useUnmergedTree = true).assertTextContains("could not be saved", substring = true)
        assertEquals("{\"solved\": 7", file.readText(), "the engine never replaces a damaged file")
    }

    @Test
    fun theCourseIsInChineseWithTheEnginesTexts() = withApp(strings = XmlStrings.chinese()) {
        openCourse(GameId.ZHIQI)
        onNodeWithTag("lessons-progress", useUnmergedTree = true).assertTextContains("已完成 0 / 7")
        onNodeWithTag("lesson-zhiqi-pin").assertContentDescriptionContains("布子成「直」：押子", substring = true)
        openLesson("zhiqi-pin")
        tap("e5")
        assertEquals("不太对", verdict())
        onNodeWithTag("explanation", useUnmergedTree = true).assertTextContains("挡住 e5 很稳", substring = true)
    }
}
