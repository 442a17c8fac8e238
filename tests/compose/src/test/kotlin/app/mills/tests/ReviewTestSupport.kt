package app.mills.tests

import app.mills.AppContainer
import app.mills.data.InMemorySettingsStore
import app.mills.data.RecordSharing
import app.mills.data.UserSettings
import app.mills.game.GameUiState
import app.mills.ui.AppViewModels
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.swing.Swing
import uniffi.mills_ffi.Snapshot
import java.nio.file.Files

/** The platform's share sheet and clipboard, faked: what was shared and copied, and what is pasted. */
class FakeRecordSharing : RecordSharing {
    val shared = mutableListOf<Pair<String, String>>()
    var clipboard: String? = null

    override fun share(text: String, subject: String) {
        shared += text to subject
    }

    override fun copy(text: String) {
        clipboard = text
    }

    override fun paste(): String? = clipboard
}

/** An app wired as on a phone (like [TestApp]) with a fake share sheet and clipboard. */
class SharingTestApp(
    settings: UserSettings = UserSettings(),
    /** The app's main thread: Swing's event thread, or the Compose UI test's ([ComposeMain]). */
    val main: CoroutineDispatcher = Dispatchers.Swing,
) {
    val sharing = FakeRecordSharing()
    val dir = Files.createTempDirectory("mills-review").toFile()
    // every game's lessons already offered, as in TestApp, so that a game starts at once
    val store = InMemorySettingsStore(settings.copy(lessonsOffered = uniffi.mills_ffi.GameId.entries.toSet()))
    val container = AppContainer(dir, store, main, seed = 7u, recordSharing = sharing)
    private val online = container.onlineGameViewModel()
    val viewModels = AppViewModels(
        container.appViewModel(),
        container.homeViewModel(),
        container.gameViewModel(),
        container.settingsViewModel(),
        container.lessonListViewModel(),
        container.lessonViewModel(),
        container.puzzleHubViewModel(),
        container.puzzleViewModel(),
        online,
        container.playFriendViewModel(online),
    )
    val games get() = container.games
    val game get() = viewModels.game

    fun snapshot(): Snapshot = onMain { games.snapshot.value } ?: error("no game")

    fun state(): GameUiState = onMain { game.uiState.value } ?: error("no state")

    /** Starts a game on the main thread as Home does. */
    fun start(game: uniffi.mills_ffi.GameId, vsComputer: Boolean = false) {
        onMain { viewModels.home.startGame(game, vsComputer) }
        eventually { onMain { this.game.uiState.value } != null }
    }

    /** Taps through [points] on the main thread. */
    fun play(vararg points: String) = onMain { points.forEach(game::onPointTap) }

    fun close() = games.close()
}

/**
 * Twelve Men's Morris, pass-and-play: P1's placement a7 on turn 9 (as people count) makes a
 * mill and captures g1; P2 answers d6. Ten turns, the eleventh to play.
 */
val CAPTURE_GAME = arrayOf("a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7", "g1", "d6")
