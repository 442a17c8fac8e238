package app.mills.tests

import app.mills.AppContainer
import app.mills.data.InMemorySettingsStore
import app.mills.data.InviteSharing
import app.mills.data.NoInviteSharing
import app.mills.data.SettingsStore
import app.mills.data.ShippedTablesPack
import app.mills.data.UserSettings
import app.mills.ui.AppViewModels
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.swing.Swing
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.Snapshot
import java.io.File
import java.nio.file.Files
import java.time.LocalDate

/**
 * An app wired as on a phone: a files directory, settings, and the Swing event thread as the
 * main thread (named explicitly: Compose UI tests replace Dispatchers.Main while they run;
 * they pass [ComposeMain], the thread they click on).
 */
class TestApp(
    val dir: File = Files.createTempDirectory("mills-test").toFile(),
    // the lessons are offered once per game before its first game; the tests of games play at
    // once (LessonUiTest starts from no offers made)
    val store: SettingsStore = InMemorySettingsStore(UserSettings(lessonsOffered = GameId.entries.toSet())),
    /** How long a second of a timer lesson lasts. */
    lessonSecondMs: Long = 1_000,
    /** The app's main thread: Swing's event thread, or the Compose UI test's ([ComposeMain]). */
    val main: CoroutineDispatcher = Dispatchers.Swing,
    /** How long a second of a puzzle rush lasts. */
    rushSecondMs: Long = 1_000,
    /** The date of the daily puzzle. */
    today: LocalDate = LocalDate.of(2026, 12, 6),
    /** Where a room's invite goes (the share sheet on a phone). */
    inviteSharing: InviteSharing = NoInviteSharing,
    /** The endgame tables pack the app ships (the asset on a phone); none: tables are built. */
    tablesPack: ShippedTablesPack? = null,
    /** The build's default server (Android: the Gradle property mills.defaultServer). */
    defaultServer: String = "",
) {
    val container = AppContainer(
        dir, store, main, seed = 7u, today = { today }, inviteSharing = inviteSharing,
        tablesPack = tablesPack, defaultServer = defaultServer,
    )
    private val online = container.onlineGameViewModel()
    val viewModels = AppViewModels(
        container.appViewModel(),
        container.homeViewModel(),
        container.gameViewModel(),
        container.settingsViewModel(),
        container.lessonListViewModel(),
        container.lessonViewModel(lessonSecondMs),
        container.puzzleHubViewModel(),
        container.puzzleViewModel(rushSecondMs),
        online,
        container.playFriendViewModel(online),
    )
    val games get() = container.games

    fun snapshot(): Snapshot = games.snapshot.value ?: error("no game")

    /** Taps through [points] (pass-and-play: every tap is a human's). */
    fun play(vararg points: String) {
        for (p in points) viewModels.game.onPointTap(p)
    }

    fun close() {
        viewModels.lesson.close()
        viewModels.puzzle.close()
        viewModels.online.close()
        games.close()
    }
}

/** Waits (polling) until [condition] holds, for the engine's threads. */
fun eventually(timeoutMs: Long = 20_000, explain: () -> String = { "" }, condition: () -> Boolean) {
    val end = System.currentTimeMillis() + timeoutMs
    while (!condition()) {
        check(System.currentTimeMillis() < end) { "condition not met in $timeoutMs ms ${explain()}" }
        Thread.sleep(20)
    }
}

/** Runs [block] on the main (Swing) thread and waits for it. */
fun <T> onMain(block: () -> T): T {
    var result: Result<T>? = null
    java.awt.EventQueue.invokeAndWait { result = runCatching(block) }
    return result!!.getOrThrow()
}

fun owners(s: Snapshot): Map<String, Player?> = s.points.associate { it.name to it.owner }
