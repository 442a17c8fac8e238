package app.mills.tests

import androidx.compose.runtime.Composable
import app.mills.data.BoardStyle
import app.mills.data.ThemeMode
import app.mills.desktop.Device
import app.mills.desktop.Screenshots
import app.mills.desktop.XmlStrings
import app.mills.game.GameUiState
import app.mills.strings.Strings
import app.mills.ui.game.GameScreen
import app.mills.ui.game.GameScreenActions
import app.mills.ui.home.HomeScreen
import app.mills.ui.home.OnlineReturn
import app.mills.ui.rules.RulesScreen
import app.mills.ui.settings.SettingsScreen
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import uniffi.mills_ffi.GameId

/** A game screen whose buttons do nothing: the screenshot tests draw states, not play. */
internal object NoActions : GameScreenActions {
    override fun onTap(point: String) = Unit
    override fun onUndo() = Unit
    override fun onRedo() = Unit
    override fun onNewGame() = Unit
    override fun onResign() = Unit
    override fun onDismissResult() = Unit
    override fun onBack() = Unit
    override fun onSettings() = Unit
    override fun onRules(game: GameId) = Unit
}

/** Renders every screen headlessly to PNG files in build/screenshots and checks none is blank. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScreenshotTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val zhHant = XmlStrings.traditionalChinese()
    private val apps = mutableListOf<TestApp>()

    @AfterAll
    fun close() = apps.forEach { it.close() }

    private fun game(game: GameId, vararg taps: String, faceToFace: Boolean = false): GameUiState {
        val app = TestApp().also { apps += it }
        if (faceToFace) app.viewModels.settings.setFaceToFace(true)
        onMain { app.viewModels.home.startGame(game, vsComputer = false) }
        onMain { app.play(*taps) }
        return onMain { app.viewModels.game.uiState.value!! }
    }

    private fun shot(
        name: String,
        device: Device = Device.Phone,
        strings: Strings = en,
        theme: ThemeMode = ThemeMode.Light,
        board: BoardStyle = BoardStyle.Wood,
        content: @Composable () -> Unit,
    ) {
        val (file, image) = Screenshots.render(name, device, strings, theme, board, content)
        val colours = Screenshots.distinctColours(image)
        println("screenshot ${file.path} (${image.width}x${image.height}, $colours colours)")
        assertTrue(file.length() > 10_000, "$name is too small to hold a screen")
        assertTrue(colours > 50, "$name looks blank ($colours colours)")
    }

    @Test
    fun home() {
        val app = TestApp().also { apps += it }
        onMain { app.viewModels.home.startGame(GameId.ZHIQI, vsComputer = true) }
        onMain { app.viewModels.home.refresh() }
        val state = app.viewModels.home.uiState.value
        shot("home") { HomeScreen(state, {}, { _, _ -> }, {}, {}) }
    }

    /** Home with an online game to return to (the app was killed during it), on a tablet. */
    @Test
    fun homeWithAnOnlineGameToReturnTo() {
        val app = TestApp().also { apps += it }
        val state = app.viewModels.home.uiState.value.copy(onlineReturn = OnlineReturn("Bo"))
        shot("home-online-return", Device.TabletLandscape) { HomeScreen(state, {}, { _, _ -> }, {}, {}, onPlayFriend = {}) }
        shot("home-online-return-zh-Hant", Device.TabletLandscape, zhHant) {
            HomeScreen(state.copy(onlineReturn = OnlineReturn(null)), {}, { _, _ -> }, {}, {}, onPlayFriend = {})
        }
    }

    @Test
    fun zhiQiPendingPin() {
        val state = game(GameId.ZHIQI, "a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7")
        shot("game-zhiqi-pin") { GameScreen(state, NoActions) }
    }

    @Test
    fun zhiQiPull() {
        val state = game(
            GameId.ZHIQI,
            "d7", "a7", "g7", "g4", "d1", "g1", "a4", "a1", "b6", "d6", "f6", "f4",
            "f2", "b2", "d2", "b4", "d5", "c5", "e4", "e5", "c3", "e3", "c4", "d3",
        )
        shot("game-zhiqi-pull") { GameScreen(state, NoActions) }
    }

    @Test
    fun linkedHorseStable() {
        val state = game(
            GameId.LINKED_HORSE,
            "d7", "e3", "a1", "f4", "a4", "f6", "c3", "g7", "f2", "b4", "a7", "b2", "e5", "b6", "c4", "e4", "a7", "a7", "c5", "b6",
        )
        shot("game-linked-horse-stable") { GameScreen(state, NoActions) }
    }

    @Test
    fun twelveMensMorrisDiagonalMill() {
        val state = game(GameId.TWELVE_MENS_MORRIS, "a1", "d7", "b2", "g7", "c3")
        shot("game-twelve-mens-morris-diagonal") { GameScreen(state, NoActions) }
    }

    @Test
    fun settings() {
        val app = TestApp().also { apps += it }
        shot("settings") { SettingsScreen(app.viewModels.settings.uiState.value, app.viewModels.settings) {} }
    }

    @Test
    fun rulesEnglishAndChinese() {
        shot("rules-en") { RulesScreen(GameId.ZHIQI) {} }
        shot("rules-zh", strings = zh) { RulesScreen(GameId.ZHIQI) {} }
    }

    @Test
    fun rulesInTraditionalChinese() {
        shot("rules-zh-Hant", strings = zhHant) { RulesScreen(GameId.ZHIQI) {} }
    }

    @Test
    fun gameInTraditionalChinese() {
        val state = game(GameId.ZHIQI, "a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7")
        shot("game-zhiqi-pin-zh-Hant", strings = zhHant) { GameScreen(state, NoActions) }
    }

    @Test
    fun phonePortraitInChinese() {
        val state = game(GameId.LINKED_HORSE, "a1", "g1", "a4", "g4", "a7", "d6")
        shot("phone-portrait-zh", strings = zh) { GameScreen(state, NoActions) }
    }

    @Test
    fun tabletLandscapeFaceToFace() {
        val state = game(GameId.LINKED_HORSE, "d7", "e3", "a1", "f4", "a4", "f6", "c3", "g7", "f2", "b4", "a7", faceToFace = true)
        shot("tablet-landscape-face-to-face", device = Device.TabletLandscape) { GameScreen(state, NoActions) }
    }

    @Test
    fun darkTheme() {
        val state = game(GameId.TWELVE_MENS_MORRIS, "a1", "d7", "b2", "g7", "c3", "d7", "d6", "f4")
        shot("dark-theme", theme = ThemeMode.Dark, board = BoardStyle.Slate) { GameScreen(state, NoActions) }
    }
}
