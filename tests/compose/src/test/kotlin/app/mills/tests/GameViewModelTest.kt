package app.mills.tests

import app.mills.data.ThemeMode
import app.mills.desktop.XmlStrings
import app.mills.game.Motion
import app.mills.game.TargetKind
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.ui.navigation.Route
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

/** The view models against the real engine (pass-and-play unless said otherwise). */
class GameViewModelTest {
    private val en = XmlStrings.english()
    private val apps = mutableListOf<TestApp>()

    private fun app(game: GameId, vsComputer: Boolean = false, dir: java.io.File? = null): TestApp {
        val app = if (dir == null) TestApp() else TestApp(dir)
        apps += app
        onMain { app.viewModels.home.startGame(game, vsComputer) }
        eventually { app.viewModels.game.uiState.value != null }
        return app
    }

    /** The game screen's state once the main thread has caught up. */
    private fun TestApp.state() = onMain { viewModels.game.uiState.value } ?: error("no state")

    private fun UiText?.en() = this?.resolve(en)

    @AfterEach
    fun close() = apps.forEach { it.close() }

    @Test
    fun zhiQiMillWhilePlacingPinsAndThePointChangesColour() {
        val app = app(GameId.ZHIQI)
        onMain { app.play("a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7") }
        val state = app.state()
        assertEquals("Pin one of the opponent's pieces (2 to go)", state.prompt.en())
        assertEquals(listOf(Motion.Place("a7", Player.P1)), state.board.motions)
        assertTrue(state.board.points.filter { it.target != null }.all { it.target == TargetKind.Pin && it.owner == Player.P2 })
        assertEquals("White placed on a7, Mill!", state.announcement.en())
        onMain { app.play("g1") }
        val after = app.state()
        assertEquals(listOf(Motion.Pin("g1", Player.P2, Player.P1)), after.board.motions)
        assertEquals(Player.P1, owners(app.snapshot())["g1"])
        assertEquals("Pin one of the opponent's pieces", after.prompt.en())
        assertTrue(after.board.points.first { it.name == "g1" }.description.en()!!.startsWith("g1, White piece"))
        // The Zhi Qi panel counts pins (the engine's panel, the same on iOS).
        assertEquals("Pins", after.p1.tallyLabel.en())
        assertEquals(1, after.p1.tally)
    }

    @Test
    fun zhiQiBlockedSidePulls() {
        val app = app(GameId.ZHIQI)
        onMain {
            app.play(
                "d7", "a7", "g7", "g4", "d1", "g1", "a4", "a1", "b6", "d6", "f6", "f4",
                "f2", "b2", "d2", "b4", "d5", "c5", "e4", "e5", "c3", "e3", "c4", "d3",
            )
        }
        val state = app.state()
        assertEquals("Blocked — pull a piece next to yours", state.prompt.en())
        assertEquals(Player.P2, state.toMove)
        val target = state.board.points.first { it.target == TargetKind.Pull }
        assertTrue(target.description.en()!!.endsWith("can be pulled"), target.description.en())
        onMain { app.play(target.name) }
        val motion = app.state().board.motions.single() as Motion.Remove
        assertTrue(motion.pull)
        assertEquals("Now move a piece", app.state().prompt.en())
    }

    @Test
    fun linkedHorseLineBanksThePieceInTheStable() {
        val app = app(GameId.LINKED_HORSE)
        onMain { app.play("a1", "g1", "a4", "g4", "a7") }
        val state = app.state()
        assertEquals(listOf(Motion.Place("a7", Player.P1), Motion.Stable("a7", Player.P1)), state.board.motions)
        assertEquals(1, state.board.stableP1)
        assertEquals(1, state.p1.tally)
        assertEquals("Stable", state.p1.tallyLabel.en())
        assertNull(owners(app.snapshot())["a7"])
        assertEquals("White placed on a7, White banked a7 in the stable, Linked horse!", state.announcement.en())
    }

    @Test
    fun twelveMensMorrisDiagonalMillCaptures() {
        val app = app(GameId.TWELVE_MENS_MORRIS)
        onMain { app.play("a1", "d7", "b2", "g7", "c3") }
        val state = app.state()
        assertEquals(listOf("a1", "b2", "c3"), state.board.lines.single().sorted())
        assertEquals("Capture one of the opponent's pieces", state.prompt.en())
        onMain { app.play("d7") }
        assertEquals(listOf(Motion.Remove("d7", Player.P2)), app.state().board.motions)
        assertEquals(1, app.state().p1.tally)
        assertEquals("White captured d7", app.state().announcement.en())
    }

    @Test
    fun refusedTapSaysWhy() {
        val app = app(GameId.TWELVE_MENS_MORRIS)
        onMain { app.play("d6", "d6") }
        assertEquals("d6 is taken", app.state().message.en())
        assertEquals("d6", app.state().board.shakePoint)
    }

    @Test
    fun undoRedoResignAndRematch() {
        val app = app(GameId.TWELVE_MENS_MORRIS)
        onMain { app.play("a1", "d7") }
        onMain { app.viewModels.game.undo() }
        assertEquals(1u, app.snapshot().actionCount)
        assertEquals("Move taken back", app.state().announcement.en())
        onMain { app.viewModels.game.redo() }
        assertEquals(2u, app.snapshot().actionCount)
        onMain { app.viewModels.game.resign() }
        val result = assertNotNull(app.state().result).let { app.state().result!! }
        assertEquals("Black wins!", result.title.en())
        assertEquals("White resigned.", result.reason.en())
        assertTrue(app.state().showResult)
        onMain { app.viewModels.game.newGame() }
        assertNull(app.state().result)
        assertEquals(0u, app.snapshot().actionCount)
    }

    @Test
    fun theComputerAnswersOnItsOwnThread() {
        val app = app(GameId.ZHIQI, vsComputer = true)
        assertEquals("Your turn", app.state().status.en())
        onMain { app.play("d6") }
        eventually { app.snapshot().p2.onBoard.toInt() == 1 && !app.snapshot().computerThinking }
        eventually(explain = { "announcement: ${app.state().announcement.en()}, last turn ${app.snapshot().lastTurn}" }) {
            // A fast reply can arrive in the same batch of changes as the tap: then both are said.
            app.state().announcement.en()?.contains("Computer placed on") == true
        }
        assertEquals("Your turn", app.state().status.en())
        assertEquals("You", app.state().p1.name.en())
    }

    @Test
    fun timerPausesInTheBackground() {
        val app = app(GameId.ZHIQI)
        onMain { app.viewModels.app.openGame() }
        assertFalse(app.snapshot().paused)
        assertNotNull(app.state().timer)
        onMain { app.viewModels.app.setForeground(false) }
        assertTrue(app.snapshot().paused)
        onMain { app.viewModels.app.setForeground(true) }
        assertFalse(app.snapshot().paused)
        onMain { app.viewModels.app.navigate(Route.Settings) }
        assertTrue(app.snapshot().paused, "the timer stops while the game is not on screen")
    }

    @Test
    fun theAutosavedGameComesBackAfterProcessDeath() {
        val first = app(GameId.LINKED_HORSE)
        onMain { first.play("a1", "g1", "a4") }
        val actions = first.snapshot().actionCount
        first.close()
        val second = TestApp(first.dir).also { apps += it }
        val saved = assertNotNull(second.viewModels.home.uiState.value.saved).let { second.viewModels.home.uiState.value.saved!! }
        assertEquals(GameId.LINKED_HORSE, saved.game)
        assertTrue(onMain { second.viewModels.home.continueGame() })
        assertEquals(actions, second.snapshot().actionCount)
    }

    @Test
    fun settingsApplyAtOnceAndPersist() {
        val app = app(GameId.TWELVE_MENS_MORRIS, vsComputer = true)
        val vm = app.viewModels.settings
        onMain {
            vm.setLevel(7)
            vm.setTimer(TurnTimer.SECONDS15)
            vm.setTheme(ThemeMode.Dark)
            vm.setFaceToFace(true)
        }
        val stored = app.store.read()
        assertEquals(7, stored.level)
        assertEquals(TurnTimer.SECONDS15, stored.timer)
        assertEquals(ThemeMode.Dark, stored.theme)
        assertEquals(GameMode.VsComputer(Player.P2, 7u), app.snapshot().config.mode)
        assertEquals(TurnTimer.SECONDS15, app.snapshot().config.timer)
        assertEquals(15_000L, app.state().timer?.totalMs)
        assertEquals(en.get(StringKey.level(7)), "Expert")
    }
}
