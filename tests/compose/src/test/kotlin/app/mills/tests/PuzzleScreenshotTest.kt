package app.mills.tests

import androidx.compose.runtime.Composable
import app.mills.desktop.Device
import app.mills.desktop.Screenshots
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.puzzles.PuzzleFeedback
import app.mills.ui.puzzles.PuzzleHubActions
import app.mills.ui.puzzles.PuzzleHubScreen
import app.mills.ui.puzzles.PuzzleMode
import app.mills.ui.puzzles.PuzzleScreen
import app.mills.ui.puzzles.PuzzleScreenActions
import app.mills.ui.puzzles.PuzzleUiState
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleGrade.EASY
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleSession
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.puzzleChoose

private object NoPuzzleActions : PuzzleScreenActions {
    override fun onTap(point: String) = Unit
    override fun onHint() = Unit
    override fun onRetry() = Unit
    override fun onNext() = Unit
    override fun onBack() = Unit
}

private object NoHubActions : PuzzleHubActions {
    override fun onGame(game: GameId) = Unit
    override fun onGrade(grade: PuzzleGrade?) = Unit
    override fun onKind(kind: PuzzleKind?) = Unit
    override fun onDaily() = Unit
    override fun onRush() = Unit
    override fun onPuzzle(puzzleId: String) = Unit
    override fun onBack() = Unit
}

/**
 * A puzzle of each game (one in Traditional Chinese, one in Simplified), a wrong turn, a rush, the hub
 * and the first tactic of each game, as PNG files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PuzzleScreenshotTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val zhHant = XmlStrings.traditionalChinese()
    private val apps = mutableListOf<TestApp>()

    @BeforeAll
    fun tables() = puzzleTablesReady()

    @AfterAll
    fun close() = apps.forEach { it.close() }

    /** [mode] opened in [locale] at [puzzleId], then [play] on the view model, as the screen gets it. */
    private fun puzzle(mode: PuzzleMode, locale: String, puzzleId: String? = null, play: (TestApp) -> Unit = {}): PuzzleUiState {
        val app = TestApp().also { apps += it }
        val vm = app.viewModels.puzzle
        onMain { check(vm.start(mode, locale, puzzleId) == null) }
        onMain { play(app) }
        return onMain { vm.uiState.value!! }
    }

    private fun shot(name: String, device: Device = Device.Phone, strings: Strings = en, content: @Composable () -> Unit) {
        val (file, image) = Screenshots.render(name, device, strings, content = content)
        val colours = Screenshots.distinctColours(image)
        println("screenshot ${file.path} (${image.width}x${image.height}, $colours colours)")
        assertTrue(file.length() > 10_000, "$name is too small to hold a screen")
        assertTrue(colours > 50, "$name looks blank ($colours colours)")
    }

    /** The engine's goal and the app's strings, both in Traditional Chinese, a hint on the board. */
    @Test
    fun zhiQiPuzzleInTraditionalChinese() {
        val id = puzzleChoose(GameId.ZHIQI, PuzzleGrade.MEDIUM, PuzzleKind.ENDGAME).first().id
        val state = puzzle(PuzzleMode.Choice(GameId.ZHIQI, PuzzleGrade.MEDIUM, PuzzleKind.ENDGAME), "zh-Hant", id) { it.viewModels.puzzle.showHint() }
        assertTrue(state.goal.contains("回合內獲勝"), state.goal)
        assertTrue(state.hintShown)
        shot("puzzle-zhiqi-zh-Hant", strings = zhHant) { PuzzleScreen(state, NoPuzzleActions) }
    }

    @Test
    fun twelveMensMorrisWrongTurnExplained() {
        val id = puzzleChoose(GameId.TWELVE_MENS_MORRIS, EASY, PuzzleKind.ENDGAME).first().id
        val right = PuzzleGuide(id).use { it.firstTap() }
        val state = puzzle(PuzzleMode.Choice(GameId.TWELVE_MENS_MORRIS, EASY, PuzzleKind.ENDGAME), "en", id) { app ->
            val vm = app.viewModels.puzzle
            vm.onPointTap(vm.uiState.value!!.board.points.first { it.target != null && it.name != right }.name)
            while (vm.uiState.value!!.playing) vm.onPointTap(vm.uiState.value!!.board.points.first { it.target != null && !it.selected }.name)
        }
        assertTrue(state.feedback is PuzzleFeedback.Wrong, "${state.feedback}")
        shot("puzzle-twelve-mens-morris-wrong") { PuzzleScreen(state, NoPuzzleActions) }
    }

    @Test
    fun linkedHorseRushInChinese() {
        val state = puzzle(PuzzleMode.Rush(GameId.LINKED_HORSE), "zh-Hans")
        assertTrue(state.rush != null && !state.canRetry)
        shot("puzzle-linked-horse-rush-zh", strings = zh) { PuzzleScreen(state, NoPuzzleActions) }
    }

    @Test
    fun hubWithTheRating() {
        val app = TestApp().also { apps += it }
        val hub = app.viewModels.puzzleHub
        onMain {
            app.container.puzzles.record(puzzleChoose(GameId.ZHIQI, null).first().id, uniffi.mills_ffi.PuzzleResult.Solved)
            hub.refresh()
        }
        val state = onMain { hub.uiState.value }
        assertTrue(state.stats!!.solved == 1u)
        shot("puzzle-hub") { PuzzleHubScreen(state, TablesState.Ready, NoHubActions) }
        shot("puzzle-hub-zh-Hant", strings = zhHant) { PuzzleHubScreen(state, TablesState.Preparing(40u, GameId.LINKED_HORSE), NoHubActions) }
    }

    /** The hub on the tactics of Zhi Qi: its tactics, or, while the engine ships none, the words that say so. */
    @Test
    fun hubChoosingTactics() {
        val app = TestApp().also { apps += it }
        val hub = app.viewModels.puzzleHub
        onMain {
            hub.selectGame(GameId.ZHIQI)
            hub.selectKind(PuzzleKind.TACTIC)
        }
        val state = onMain { hub.uiState.value }
        assertEquals(PuzzleKind.TACTIC, state.kind)
        assertTrue(state.items.all { it.puzzle.kind == PuzzleKind.TACTIC })
        assertEquals(state.items.isEmpty(), state.noneOfKind != null, "an empty kind is said in words, and only then")
        shot("puzzle-hub-tactics") { PuzzleHubScreen(state, TablesState.Ready, NoHubActions) }
    }

    /**
     * The first tactic of [game], opened from the choice of tactics in [locale] as a player opens
     * it: the engine's goal on the screen. Every game ships tactics and the puzzle session
     * plays them, so a game without one fails the test.
     */
    private fun tacticShot(game: GameId, locale: String, strings: Strings, name: String): PuzzleUiState {
        val tactic = requireNotNull(puzzleChoose(game, null, PuzzleKind.TACTIC).firstOrNull()) { "no tactic puzzle of ${game.name}" }
        val state = puzzle(PuzzleMode.Choice(game, null, PuzzleKind.TACTIC), locale, tactic.id)
        assertEquals(PuzzleKind.TACTIC, state.puzzle.kind)
        assertEquals(PuzzleSession(tactic.id, locale).use { it.goal() }, state.goal, "the goal is the engine's")
        assertTrue(state.playing)
        shot(name, strings = strings) { PuzzleScreen(state, NoPuzzleActions) }
        return state
    }

    @Test
    fun twelveMensMorrisTactic() {
        val state = tacticShot(GameId.TWELVE_MENS_MORRIS, "en", en, "puzzle-tactic-twelve-mens-morris")
        assertFalse(state.goal.contains("win in"), "a tactic's goal is not worded as an endgame's: ${state.goal}")
    }

    @Test
    fun zhiQiTacticInTraditionalChinese() {
        tacticShot(GameId.ZHIQI, "zh-Hant", zhHant, "puzzle-tactic-zhiqi-zh-Hant")
    }

    @Test
    fun linkedHorseTacticInChinese() {
        tacticShot(GameId.LINKED_HORSE, "zh-Hans", zh, "puzzle-tactic-linked-horse-zh")
    }

    @Test
    fun tabletPuzzle() {
        val id = puzzleChoose(GameId.LINKED_HORSE, EASY).first().id
        val state = puzzle(PuzzleMode.Choice(GameId.LINKED_HORSE, EASY), "en", id)
        shot("puzzle-linked-horse-tablet", Device.TabletLandscape) { PuzzleScreen(state, NoPuzzleActions) }
    }
}
