package app.mills.tests

import androidx.compose.foundation.layout.Box
import androidx.compose.runtime.Composable
import app.mills.data.UserSettings
import app.mills.desktop.Device
import app.mills.desktop.Screenshots
import app.mills.desktop.XmlStrings
import app.mills.game.GameUiState
import app.mills.strings.Strings
import app.mills.ui.game.GameScreen
import app.mills.ui.home.HomeScreen
import app.mills.ui.records.ImportErrorDialog
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import uniffi.mills_ffi.GameId

/** Screenshots of the move list, review, hint, evaluation and record screens (build/screenshots/review-*.png), each checked not blank. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReviewScreenshotTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val apps = mutableListOf<SharingTestApp>()

    @AfterAll
    fun close() = apps.forEach { it.close() }

    private fun app(settings: UserSettings = UserSettings(), game: GameId = GameId.TWELVE_MENS_MORRIS, taps: Array<String> = emptyArray()) =
        SharingTestApp(settings).also {
            apps += it
            it.start(game)
            it.play(*taps)
        }

    private fun shot(name: String, device: Device = Device.Phone, strings: Strings = en, content: @Composable () -> Unit) {
        val (file, image) = Screenshots.render(name, device, strings, content = content)
        val colours = Screenshots.distinctColours(image)
        println("screenshot ${file.path} (${image.width}x${image.height}, $colours colours)")
        assertTrue(file.length() > 10_000, "$name is too small to hold a screen")
        assertTrue(colours > 50, "$name looks blank ($colours colours)")
    }

    private fun SharingTestApp.screen(): GameUiState = state()

    @Test
    fun moveListOnAPhone() {
        val app = app(taps = CAPTURE_GAME)
        onMain { app.game.toggleMoves() }
        val state = app.screen()
        assertTrue(state.moves.open)
        shot("review-move-list-phone") { GameScreen(state, NoActions) }
    }

    @Test
    fun reviewOnAPhoneAndATablet() {
        val app = app(taps = CAPTURE_GAME)
        onMain {
            app.game.toggleMoves()
            app.game.showTurn(8)
        }
        val state = app.screen()
        assertEquals(9, state.review?.position)
        shot("review-phone") { GameScreen(state, NoActions) }
        shot("review-tablet", Device.TabletLandscape) { GameScreen(state, NoActions) }
        shot("review-phone-zh", strings = zh) { GameScreen(state, NoActions) }
    }

    @Test
    fun moveListOnATabletFaceToFace() {
        val taps = arrayOf("d7", "e3", "a1", "f4", "a4", "f6", "c3", "g7", "f2", "b4", "a7")
        val app = app(UserSettings(faceToFace = true), GameId.LINKED_HORSE, taps)
        shot("review-move-list-tablet-face-to-face", Device.TabletLandscape) { GameScreen(app.screen(), NoActions) }
    }

    @Test
    fun hintOnTheBoard() {
        val app = app(taps = arrayOf("a1", "g1", "a4", "g4", "d7", "e3"))
        onMain { app.game.onHint() }
        eventually { app.screen().board.hint != null }
        val state = app.screen()
        assertNotNull(state.board.hint?.destination)
        shot("review-hint") { GameScreen(state, NoActions) }
    }

    @Test
    fun evaluationBar() {
        val app = app(UserSettings(evaluationBar = true), GameId.TWELVE_MENS_MORRIS, CAPTURE_GAME)
        eventually { app.screen().evaluation != null }
        val state = app.screen()
        assertTrue(state.showEvaluation)
        shot("review-evaluation-bar") { GameScreen(state, NoActions) }
        shot("review-evaluation-bar-tablet", Device.TabletLandscape) { GameScreen(state, NoActions) }
    }

    @Test
    fun recordSheet() {
        val app = app(taps = CAPTURE_GAME)
        onMain { app.game.showRecord() }
        shot("review-record") { GameScreen(app.screen(), NoActions) }
    }

    @Test
    fun importError() {
        val app = app()
        val occupied = "mills-record 1\ngame: twelve-mens-morris\nresult: ongoing\n\n1. P1 a1\n2. P2 a1\nend\n"
        assertTrue(!onMain { app.game.importRecord(occupied) })
        val error = app.game.importError.value
        assertNotNull(error)
        onMain { app.viewModels.home.refresh() }
        val home = app.viewModels.home.uiState.value
        shot("review-import-error") {
            Box {
                HomeScreen(home, {}, { _, _ -> }, {}, {}, onImportRecord = {}, onOpenRecordFile = {})
                ImportErrorDialog(error) {}
            }
        }
        shot("review-import-error-zh", strings = zh) {
            Box {
                HomeScreen(home, {}, { _, _ -> }, {}, {}, onImportRecord = {}, onOpenRecordFile = {})
                ImportErrorDialog(error) {}
            }
        }
    }
}
