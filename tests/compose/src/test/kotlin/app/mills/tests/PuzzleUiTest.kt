package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertContentDescriptionContains
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertIsSelected
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performScrollToIndex
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import app.mills.ui.puzzles.PuzzleMode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.puzzleChoose
import uniffi.mills_ffi.puzzleDaily
import uniffi.mills_ffi.puzzleStatsLoad
import java.io.File

/** The puzzles clicked through as a player does: from Home, on the real board, judged by the real tables. */
@OptIn(ExperimentalTestApi::class)
class PuzzleUiTest {
    @BeforeEach
    fun tables() = puzzleTablesReady()

    private fun withApp(rushSecondMs: Long = 1_000, test: ComposeUiTest.(TestApp) -> Unit) {
        val main = ComposeMain()
        val app = TestApp(main = main.dispatcher, rushSecondMs = rushSecondMs)
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                test(app)
            }
        } finally {
            app.close()
        }
    }

    private fun ComposeUiTest.openHub(game: GameId) {
        onNodeWithTag("puzzles").performScrollTo().performClick()
        onNodeWithTag("puzzle-hub").assertExists()
        onNodeWithTag("game-${game.name}").performClick()
    }

    private fun ComposeUiTest.openPuzzle(id: String) {
        onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-$id"))
        onNodeWithTag("puzzle-$id").performClick()
        onNodeWithTag("puzzle-screen").assertExists()
    }

    private fun ComposeUiTest.tap(points: List<String>) = points.forEach { onNodeWithTag("point-$it").performClick() }

    private fun ComposeUiTest.textOf(tag: String): String =
        onNodeWithTag(tag, useUnmergedTree = true).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString()

    @Test
    fun aPuzzleIsSolvedByTappingTheEnginesWinningTurnsAndTheRatingShowsIt() = withApp { app ->
        val puzzle = puzzleChoose(GameId.ZHIQI, PuzzleGrade.MEDIUM, PuzzleKind.ENDGAME).first()
        openHub(GameId.ZHIQI)
        onNodeWithTag("puzzle-rating", useUnmergedTree = true).assertTextContains("Rating 1500 ± 350")
        onNodeWithTag("kind-ENDGAME").performScrollTo().performClick()
        onNodeWithTag("grade-MEDIUM").performScrollTo().performClick()
        openPuzzle(puzzle.id)
        assertTrue(textOf("puzzle-goal").endsWith("to move and win in ${puzzle.turns}"), textOf("puzzle-goal"))
        PuzzleGuide(puzzle.id).use { guide ->
            repeat(puzzle.turns.toInt()) { turn ->
                tap(guide.nextTurnTaps())
                if (turn + 1 < puzzle.turns.toInt()) {
                    assertEquals("Right! Keep going.", textOf("verdict"))
                    onNodeWithTag("turns-left", useUnmergedTree = true).assertTextContains("${puzzle.turns.toInt() - turn - 1} turn", substring = true)
                }
            }
        }
        assertEquals("Solved!", textOf("verdict"))
        onNodeWithTag("puzzle-next").assertExists()
        onNodeWithTag("puzzle-hint").assertDoesNotExist()
        val saved = puzzleStatsLoad(File(app.dir, "puzzles.json").path).first { it.game == GameId.ZHIQI }
        assertEquals(listOf(puzzle.id), saved.solvedIds)
        onNodeWithTag("back").performClick()
        onNodeWithTag("puzzle-solved", useUnmergedTree = true).assertTextContains("Solved: 1 of", substring = true)
        val rating = textOf("puzzle-rating")
        assertTrue(rating != "Rating 1500 ± 350" && rating.startsWith("Rating "), rating)
        onNodeWithTag("puzzle-rating").assertContentDescriptionContains("Your rating in Zhi Qi", substring = true)
        onNodeWithTag("puzzle-${puzzle.id}").assertContentDescriptionContains("Solved", substring = true)
    }

    @Test
    fun aTacticIsPlayedToItsGoalByTappingItsTurns() = withApp { app ->
        val tactic = puzzleChoose(GameId.LINKED_HORSE, null, PuzzleKind.TACTIC).first { it.turns > 1u }
        openHub(GameId.LINKED_HORSE)
        onNodeWithTag("kind-TACTIC").performScrollTo().performClick()
        openPuzzle(tactic.id)
        PuzzleSession(tactic.id, "en").use { assertEquals(it.goal(), textOf("puzzle-goal")) }
        assertTrue(textOf("puzzle-goal").contains("within ${tactic.turns} turns"), textOf("puzzle-goal"))
        PuzzleGuide(tactic.id).use { guide ->
            repeat(tactic.turns.toInt()) {
                if (onMain { app.viewModels.puzzle.uiState.value!!.playing }) {
                    tap(guide.nextTurnTaps())
                    if (onMain { app.viewModels.puzzle.uiState.value!!.playing }) assertEquals("Right! Keep going.", textOf("verdict"))
                }
            }
        }
        assertEquals("Goal reached!", textOf("verdict"))
        onNodeWithTag("puzzle-feedback").assertContentDescriptionContains("Goal reached!", substring = true)
        onNodeWithTag("puzzle-next").assertExists()
        val saved = puzzleStatsLoad(File(app.dir, "puzzles.json").path).first { it.game == GameId.LINKED_HORSE }
        assertEquals(listOf(tactic.id), saved.solvedIds, "a tactic counts as a solved puzzle")
    }

    @Test
    fun choosingZhiQiAfterEasyLandsOnItsEasiestGradeNotAnEmptyList() = withApp {
        openHub(GameId.LINKED_HORSE)
        onNodeWithTag("grade-EASY").performScrollTo().performClick()
        val easy = puzzleChoose(GameId.LINKED_HORSE, PuzzleGrade.EASY).first()
        onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-${easy.id}"))
        onNodeWithTag("puzzle-list").performScrollToIndex(0)
        // Zhi Qi has no easy endgame: its endgames open on medium, and say why easy is not offered
        onNodeWithTag("game-ZHIQI").performClick()
        onNodeWithTag("kind-ENDGAME").performScrollTo().performClick()
        onNodeWithTag("grade-MEDIUM").performScrollTo().assertIsSelected()
        onNodeWithTag("grade-EASY").assertDoesNotExist()
        assertEquals("No Easy puzzles for Zhi Qi: its easiest puzzles are Medium.", textOf("grade-missing"))
        openPuzzle(puzzleChoose(GameId.ZHIQI, PuzzleGrade.MEDIUM, PuzzleKind.ENDGAME).first().id)
        onNodeWithTag("back").performClick()
        // back to Linked-Horse, the player's easy choice holds again
        onNodeWithTag("puzzle-list").performScrollToIndex(0)
        onNodeWithTag("game-LINKED_HORSE").performClick()
        onNodeWithTag("grade-EASY").performScrollTo().assertIsSelected()
        onNodeWithTag("grade-missing").assertDoesNotExist()
    }

    @Test
    fun choosingByKindListsThatKindOnlyAndSaysSoWhenAGameHasNone() = withApp {
        val endgame = puzzleChoose(GameId.ZHIQI, null, PuzzleKind.ENDGAME).first()
        val tactics = puzzleChoose(GameId.ZHIQI, null, PuzzleKind.TACTIC)
        openHub(GameId.ZHIQI)
        onNodeWithTag("kind-ALL").performScrollTo().assertIsSelected()
        onNodeWithTag("kind-TACTIC").performScrollTo().performClick()
        onNodeWithTag("kind-TACTIC").assertIsSelected()
        onNodeWithTag("puzzle-${endgame.id}").assertDoesNotExist()
        if (tactics.isEmpty()) {
            // no tactic shipped for the game: the list says so in words instead of being blank
            onNodeWithTag("kind-none").performScrollTo()
            assertEquals("No Tactic puzzles for Zhi Qi yet: choose another kind.", textOf("kind-none"))
            onNodeWithTag("grade-ALL").assertDoesNotExist()
        } else {
            onNodeWithTag("kind-none").assertDoesNotExist()
            val first = tactics.first()
            onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-${first.id}"))
            onNodeWithTag("puzzle-${first.id}").assertContentDescriptionContains("tactic, reach the goal in ${first.turns}", substring = true)
        }
        onNodeWithTag("puzzle-list").performScrollToIndex(0)
        onNodeWithTag("kind-ENDGAME").performScrollTo().performClick()
        onNodeWithTag("kind-none").assertDoesNotExist()
        onNodeWithTag("grade-ALL").assertExists()
        onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-${endgame.id}"))
        onNodeWithTag("puzzle-${endgame.id}").assertContentDescriptionContains("win in ${endgame.turns}", substring = true)
        tactics.firstOrNull()?.let { onNodeWithTag("puzzle-${it.id}").assertDoesNotExist() }
        // the puzzle opened from the endgames says its kind
        openPuzzle(endgame.id)
        val grade = endgame.grade.name.lowercase().replaceFirstChar { it.uppercase() }
        onNodeWithText("Zhi Qi · Endgame · $grade").assertExists()
    }

    @Test
    fun aWrongTurnIsExplainedAndRetryAndHintHelp() = withApp { app ->
        val puzzle = puzzleChoose(GameId.TWELVE_MENS_MORRIS, PuzzleGrade.EASY, PuzzleKind.ENDGAME).first()
        openHub(GameId.TWELVE_MENS_MORRIS)
        openPuzzle(puzzle.id)
        // a first tap that is not the winning turn's, then whatever the turn still needs
        val right = PuzzleGuide(puzzle.id).use { it.firstTap() }
        val state = { onMain { app.viewModels.puzzle.uiState.value!! } }
        val first = state().board.points.first { it.target != null && it.name != right }
        tap(listOf(first.name))
        while (state().playing) {
            tap(listOf(state().board.points.first { it.target != null && !it.selected }.name))
        }
        assertEquals("Not the winning turn", textOf("verdict"))
        val explanation = textOf("explanation")
        assertTrue(explanation.startsWith("Now") || explanation.startsWith("Still") || explanation.startsWith("This"), explanation)
        onNodeWithTag("puzzle-feedback").assertContentDescriptionContains(explanation, substring = true)
        onNodeWithTag("puzzle-retry").performClick()
        assertTrue(state().playing && state().feedback == null)
        onNodeWithTag("puzzle-hint").performClick()
        onNodeWithTag("hint-text", useUnmergedTree = true).assertTextContains("A winning turn is shown on the board")
        onNodeWithTag("puzzle-hint").assertIsNotEnabled()
        assertTrue(state().board.points.any { it.hint != null }, "the hint is on the board")
        assertTrue(state().board.points.any { it.name == right && it.hint != null }, "the hint starts where the winning turn does")
        val saved = puzzleStatsLoad(File(app.dir, "puzzles.json").path).first { it.game == GameId.TWELVE_MENS_MORRIS }
        assertEquals(1u, saved.attempted)
        assertEquals(0u, saved.solved, "a wrong first turn is a failed puzzle")
    }

    @Test
    fun aRushRunsItsClockThenSaysHowManyWereSolved() = withApp(rushSecondMs = 10) { app ->
        openHub(GameId.LINKED_HORSE)
        onNodeWithTag("rush").performScrollTo().performClick()
        onNodeWithTag("puzzle-screen").assertExists()
        onNodeWithTag("rush-solved", useUnmergedTree = true).assertTextContains("Solved: 0")
        onNodeWithTag("puzzle-retry").assertDoesNotExist()
        // 180 rush seconds of 10 ms
        waitUntil(timeoutMillis = 15_000) { onAllNodes(hasTestTag("rush-over"), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty() }
        onNodeWithTag("rush-over", useUnmergedTree = true).assertTextContains("Time is up: 0 solved")
        onNodeWithTag("puzzle-hint").assertDoesNotExist()
        val first = onMain { app.viewModels.puzzle.uiState.value!!.board.points.first { it.owner == null }.name }
        onNodeWithTag("point-$first").performClick()
        assertEquals(null, onMain { app.viewModels.puzzle.uiState.value!!.feedback }, "the board takes no turn after the time")
    }

    @Test
    fun theDailyPuzzleOpensFromTheHub() = withApp { app ->
        val daily = puzzleDaily(2026, 12u, 6u, null)
        openHub(GameId.LINKED_HORSE)
        onNodeWithTag("daily").performScrollTo().performClick()
        onNodeWithTag("puzzle-screen").assertExists()
        assertEquals(PuzzleMode.Daily, onMain { app.viewModels.puzzle.uiState.value!!.mode })
        assertEquals(daily.id, onMain { app.viewModels.puzzle.uiState.value!!.puzzle.id })
        PuzzleSession(daily.id, "en").use { assertEquals(it.goal(), textOf("puzzle-goal")) }
        onNodeWithTag("back").performClick()
        onNodeWithTag("puzzle-hub").assertExists()
        assertTrue(onMain { app.viewModels.puzzle.uiState.value } == null, "leaving the puzzle ends it")
    }
}
