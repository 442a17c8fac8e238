package app.mills.tests

import app.mills.ui.puzzles.PuzzleFeedback
import app.mills.ui.puzzles.PuzzleMode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleResult
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.puzzleDaily
import uniffi.mills_ffi.puzzleStatsLoad
import java.io.File

/** The puzzle view models on the app's main thread: daily, rush clock, statistics and the rating from games. */
class PuzzleViewModelTest {
    @BeforeEach
    fun tables() = puzzleTablesReady()

    private fun stats(app: TestApp, game: GameId) =
        puzzleStatsLoad(File(app.dir, "puzzles.json").path).first { it.game == game }

    @Test
    fun theDailyPuzzleIsTheEnginesForTheDate() {
        val app = TestApp()
        try {
            val vm = app.viewModels.puzzle
            assertNull(onMain { vm.start(PuzzleMode.Daily, "en") })
            val state = onMain { vm.uiState.value }!!
            assertEquals(puzzleDaily(2026, 12u, 6u, null).id, state.puzzle.id)
            assertNull(state.number, "a daily puzzle has no place in a list")
            assertTrue(state.goal.contains("to move and win in ${state.puzzle.turns}"), state.goal)
            assertTrue(state.playing && !state.hasNext)
        } finally {
            app.close()
        }
    }

    @Test
    fun aRushCountsItsSolvedPuzzlesUntilTheClockRunsOutAndKeepsTheBest() {
        // 180 rush seconds of 25 ms: 4.5 s
        val app = TestApp(rushSecondMs = 25)
        try {
            val vm = app.viewModels.puzzle
            assertNull(onMain { vm.start(PuzzleMode.Rush(GameId.TWELVE_MENS_MORRIS), "en") })
            val first = onMain { vm.uiState.value }!!
            assertEquals(PuzzleGrade.EASY, first.puzzle.grade, "a rush starts easy")
            assertNotNull(first.rush?.timer)
            assertTrue(!first.canRetry, "no retry in a rush")
            PuzzleGuide(first.puzzle.id).use { guide ->
                while (onMain { vm.uiState.value!!.playing }) guide.nextTurnTaps().forEach { p -> onMain { vm.onPointTap(p) } }
            }
            val solved = onMain { vm.uiState.value }!!
            assertEquals(PuzzleFeedback.Solved(PuzzleResult.Solved), solved.feedback)
            assertEquals(1, solved.rush?.solved)
            assertTrue(onMain { vm.next() })
            assertTrue(onMain { vm.uiState.value!!.puzzle.id } != first.puzzle.id)
            eventually(timeoutMs = 15_000) { onMain { vm.uiState.value?.rush?.over } == true }
            val over = onMain { vm.uiState.value }!!
            assertTrue(over.rush!!.newBest && !over.playing && !over.hasNext)
            assertEquals(1u, stats(app, GameId.TWELVE_MENS_MORRIS).bestRush)
        } finally {
            app.close()
        }
    }

    @Test
    fun aGameAgainstTheComputerMovesTheRatingAndPassAndPlayDoesNot() {
        val app = TestApp()
        try {
            fun resigned(mode: GameMode) = onMain {
                app.games.start(SessionConfig(GameId.ZHIQI, mode, TurnTimer.OFF))
                app.games.resign()
            }
            resigned(GameMode.PassAndPlay)
            eventually { app.games.snapshot.value?.outcome != null }
            assertEquals(0u, stats(app, GameId.ZHIQI).ratedGames)
            resigned(GameMode.VsComputer(Player.P2, 3u))
            eventually { stats(app, GameId.ZHIQI).ratedGames == 1u }
            val hub = app.viewModels.puzzleHub
            onMain {
                hub.selectGame(GameId.ZHIQI)
                hub.refresh()
            }
            val shown = onMain { hub.uiState.value.stats }!!
            assertEquals(1u, shown.ratedGames)
            assertTrue(shown.rating.rating < 1500.0 && shown.rating.deviation < 350.0, "${shown.rating}")
        } finally {
            app.close()
        }
    }
}
