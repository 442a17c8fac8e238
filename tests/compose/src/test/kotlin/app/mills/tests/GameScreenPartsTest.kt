package app.mills.tests

import app.mills.AppContainer
import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.game.GameEffect
import app.mills.game.GameUiState
import app.mills.game.Motion
import app.mills.strings.UiText
import app.mills.ui.game.GameViewModel
import app.mills.ui.navigation.Route
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.StandardTestDispatcher
import kotlinx.coroutines.test.TestCoroutineScheduler
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer
import java.nio.file.Files

/**
 * The game screen's parts (play, review, advisor, clock, records) driven as a player drives
 * them, through the view model, on one thread: the main dispatcher and the searches' dispatcher
 * are one test scheduler, and the engine's turn timer is a fake clock that moves only when the
 * test says. Nothing here waits on real time except the hint's own search.
 */
class GameScreenPartsTest {
    private val en = XmlStrings.english()
    private val scheduler = TestCoroutineScheduler()
    private val main = StandardTestDispatcher(scheduler, "main")

    /** The searches' thread: another dispatcher, so that a search is queued, not run where it is asked for. */
    private val background = StandardTestDispatcher(scheduler, "background")
    private val store = InMemorySettingsStore(UserSettings(lessonsOffered = GameId.entries.toSet(), timer = TurnTimer.SECONDS15))
    private val container = AppContainer(
        Files.createTempDirectory("mills-parts").toFile(),
        store,
        main,
        seed = 7u,
        background = background,
        manualClock = true,
    )
    private val app = container.appViewModel()
    private val home = container.homeViewModel()
    private val game: GameViewModel = container.gameViewModel()
    private val effects = mutableListOf<GameEffect>()
    private val collecting = CoroutineScope(SupervisorJob() + main).apply { launch { game.effects.collect(effects::add) } }

    private fun UiText?.en() = this?.resolve(en)

    /** Everything queued on the main thread has run. */
    private fun idle() = scheduler.advanceUntilIdle()

    private fun state(): GameUiState {
        idle()
        return game.uiState.value ?: error("no game on screen")
    }

    private fun start(id: GameId = GameId.TWELVE_MENS_MORRIS) {
        home.startGame(id, vsComputer = false)
        app.openGame()
        idle()
    }

    private fun tap(vararg points: String) = points.forEach {
        game.onPointTap(it)
        idle()
    }

    private fun snapshot() = container.games.snapshot.value ?: error("no game")

    @AfterEach
    fun close() {
        collecting.cancel()
        container.games.close()
    }

    @Test
    fun tappingToAMillAnimatesSaysAndSoundsIt() {
        start()
        tap("a1", "d7", "b2", "g7")
        effects.clear()
        tap("c3")
        val state = state()
        assertEquals(listOf(Motion.Place("c3", Player.P1)), state.board.motions)
        assertEquals(listOf("a1", "b2", "c3"), state.board.lines.single().sorted())
        assertEquals("Capture one of the opponent's pieces", state.prompt.en())
        assertEquals(listOf(GameEffect.Mill), effects)
        tap("d7")
        assertEquals(listOf(Motion.Remove("d7", Player.P2)), state().board.motions)
        assertEquals(GameEffect.Remove, effects.last())
        // a refused tap shakes its point and says why; the board is as it was
        tap("a1")
        assertEquals("a1 is taken", state().message.en())
        assertEquals("a1", state().board.shakePoint)
        assertEquals(GameEffect.Refused, effects.last())
    }

    @Test
    fun undoAndRedoGoThroughTheEngineAndTheMoveListFollows() {
        start()
        tap("a1", "d7")
        assertEquals(2, state().moves.turns)
        game.undo()
        assertEquals("Move taken back", state().announcement.en())
        assertEquals(1, state().moves.turns)
        assertTrue(state().canRedo)
        game.redo()
        assertEquals("Move played again", state().announcement.en())
        assertEquals(2, state().moves.turns)
        assertNull(owners(snapshot())["d6"])
        assertEquals(Player.P2, owners(snapshot())["d7"])
    }

    @Test
    fun reviewStepsThroughEarlierPositionsAndTheTimerWaitsMeanwhile() {
        start()
        tap(*CAPTURE_GAME)
        assertFalse(snapshot().paused, "the live game is on screen: its timer runs")
        game.reviewBack()
        var state = state()
        assertEquals(9, state.review?.position)
        assertEquals(false, state.timer?.running)
        assertTrue(snapshot().paused, "an earlier position covers the live board: the timer waits")
        // the fake clock runs past the limit: nobody's time runs out while reviewing
        container.games.advanceClockForTests(20_000)
        idle()
        assertEquals(Player.P1, snapshot().toMove)
        game.reviewBack()
        state = state()
        assertEquals(8, state.review?.position)
        assertNull(state.board.points.first { it.name == "a7" }.owner)
        game.reviewForward()
        game.reviewForward()
        assertEquals(10, state().review?.position)
        assertFalse(state().review!!.canForward)
        game.exitReview()
        state = state()
        assertNull(state.review)
        assertEquals("Back to game", state.announcement.en())
        assertFalse(snapshot().paused)
        assertEquals(Player.P2, state.board.points.first { it.name == "d6" }.owner)
    }

    @Test
    fun theTurnPassesWhenTheFakeClockRunsOut() {
        start()
        tap("a1")
        assertEquals(Player.P2, snapshot().toMove)
        assertEquals(15_000L, state().timer?.totalMs)
        effects.clear()
        container.games.advanceClockForTests(14_000)
        idle()
        assertEquals(Player.P2, snapshot().toMove, "a second is left")
        container.games.advanceClockForTests(1_000)
        val state = state()
        assertEquals(Player.P1, snapshot().toMove, "the engine passed Black's turn")
        assertEquals("Black ran out of time", state.announcement.en())
        assertEquals(listOf(GameEffect.TimedOut), effects)
        assertEquals("time ran out", state.moves.rows[1].note.en())
        assertEquals(Player.P1, state.toMove)
    }

    @Test
    fun theTimerWaitsWhileAnotherScreenCoversTheGame() {
        start()
        tap("a1")
        app.navigate(Route.Settings)
        idle()
        assertTrue(snapshot().paused)
        container.games.advanceClockForTests(60_000)
        idle()
        assertEquals(Player.P2, snapshot().toMove, "no time passes under Settings")
        app.back()
        app.navigate(Route.Rules(GameId.TWELVE_MENS_MORRIS))
        idle()
        assertTrue(snapshot().paused, "nor under the Rules")
        app.back()
        idle()
        assertFalse(snapshot().paused)
    }

    @Test
    fun theTimerWaitsWhileTheRecordSheetCoversTheBoard() {
        start()
        tap("a1")
        game.showRecord()
        assertTrue(state().record != null)
        assertTrue(snapshot().paused)
        assertEquals(false, state().timer?.running)
        container.games.advanceClockForTests(60_000)
        idle()
        assertEquals(Player.P2, snapshot().toMove, "no time passes under the record sheet")
        game.closeRecord()
        assertFalse(snapshot().paused)
        assertEquals(true, state().timer?.running)
        container.games.advanceClockForTests(15_000)
        idle()
        assertEquals(Player.P1, snapshot().toMove, "with the sheet closed the time runs out again")
        // reviewing and the sheet together: the timer runs only once both are gone
        game.reviewBack()
        game.showRecord()
        game.exitReview()
        idle()
        assertTrue(snapshot().paused, "the sheet still covers the board")
        game.closeRecord()
        idle()
        assertFalse(snapshot().paused)
    }

    @Test
    fun aHintIsSearchedOffTheMainThreadAndDrawnWhenItComesBack() {
        start()
        // a7 closes White's mill and blocks Black's
        tap("a1", "d7", "a4", "g7")
        game.onHint()
        // nothing has run yet on the main thread: the search is asked for, not done
        assertTrue(game.uiState.value!!.hintBusy)
        assertEquals("Looking for a hint…", game.uiState.value!!.announcement.en())
        val state = state()
        assertFalse(state.hintBusy)
        assertEquals("a7", state.board.hint?.destination)
        assertEquals(1, state.hintsUsed)
        // a tap stops the next search before it begins: it is never drawn
        game.onHint()
        game.onPointTap("b6")
        assertNull(state().board.hint)
        assertFalse(state().hintBusy)
    }

    @Test
    fun aRecordSheetShowsTheGameAndTheOpenedRecordIsReviewed() {
        start(GameId.LINKED_HORSE)
        tap("a1", "g1")
        game.resign()
        assertTrue(state().showResult)
        game.showRecord()
        val text = state().record?.text ?: error("no record sheet")
        assertTrue(text.contains("\n3. P1 resigns\n"), text)
        game.closeRecord()
        assertNull(state().record)
        // the finished game is not unfinished: the record opens at once, in review
        assertTrue(game.importRecord(text))
        val state = state()
        assertEquals(2, state.review?.position)
        assertTrue(state.moves.open)
        assertFalse(state.showResult)
        val said = state.announcement.en()!!
        assertTrue(said.startsWith("Game record opened for review: ") && said.endsWith(", 2 turns"), said)
    }
}
