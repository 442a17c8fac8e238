package app.mills

import app.mills.data.AppFiles
import app.mills.data.EndgameTablesRepository
import app.mills.data.GameRepository
import app.mills.data.LessonRepository
import app.mills.data.PuzzleRepository
import app.mills.data.InviteSharing
import app.mills.data.NoInviteSharing
import app.mills.data.NoRecordSharing
import app.mills.data.OnlineRepository
import app.mills.data.cleartextToLoopbackOnly
import app.mills.data.RecordSharing
import app.mills.data.ShippedTablesPack
import app.mills.data.SettingsRepository
import app.mills.data.SettingsStore
import app.mills.ui.game.GameViewModel
import app.mills.ui.home.HomeViewModel
import app.mills.ui.lessons.LessonListViewModel
import app.mills.ui.lessons.LessonViewModel
import app.mills.ui.navigation.AppViewModel
import app.mills.ui.online.OnlineGameViewModel
import app.mills.ui.online.PlayFriendViewModel
import app.mills.ui.puzzles.PuzzleHubViewModel
import app.mills.ui.puzzles.PuzzleViewModel
import app.mills.ui.settings.SettingsViewModel
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import java.io.File
import java.time.LocalDate

/**
 * The app's objects, wired by hand: the platform gives where files go (saves in [filesDir], what
 * can be made again in [noBackupFilesDir]), how settings persist and the dispatcher of its main
 * thread; the rest is the same everywhere.
 */
class AppContainer(
    filesDir: File,
    settingsStore: SettingsStore,
    private val mainDispatcher: CoroutineDispatcher,
    seed: ULong? = null,
    /** The share sheet and clipboard for game records. */
    private val recordSharing: RecordSharing = NoRecordSharing,
    noBackupFilesDir: File = filesDir,
    /** Where the engine's searches (hints, the evaluation bar) block, off the main thread. */
    background: CoroutineDispatcher = Dispatchers.Default,
    /** Tests: the game's turn timer moves only when told ([GameRepository.advanceClockForTests]). */
    manualClock: Boolean = false,
    /** The player's local date, for the daily puzzle (tests fix it). */
    today: () -> LocalDate = { LocalDate.now() },
    /** The share sheet for a room's invite. */
    private val inviteSharing: InviteSharing = NoInviteSharing,
    /** Unencrypted traffic allowed to a host (Android: NetworkSecurityPolicy). */
    cleartextPermitted: (host: String) -> Boolean = ::cleartextToLoopbackOnly,
    /** The endgame tables pack the app ships (Android: the asset); `null`: tables are built. */
    tablesPack: ShippedTablesPack? = null,
    /** The build's default server (Android: BuildConfig.DEFAULT_SERVER); empty: none. */
    defaultServer: String = "",
) {
    private val files = AppFiles(filesDir, noBackupFilesDir)
    val settings = SettingsRepository(settingsStore)
    val games = GameRepository(files, mainScope(), seed, background, manualClock)
    val lessons = LessonRepository(files)
    val endgameTables = EndgameTablesRepository(files.tablesDir, pack = tablesPack)
    val puzzles = PuzzleRepository(files, today)
    val online = OnlineRepository(files, settings, mainScope(), cleartextPermitted, defaultServer)

    fun appViewModel() = AppViewModel(games)

    fun homeViewModel() = HomeViewModel(games, settings, online)

    fun gameViewModel() = GameViewModel(games, settings, mainScope(), recordSharing)

    fun settingsViewModel() = SettingsViewModel(settings, games, endgameTables, online.defaultServer)

    /** At launch (not in tests): load, unpack or build the endgame tables in the background. */
    fun startEndgameTables() = endgameTables.start()

    fun lessonListViewModel() = LessonListViewModel(lessons)

    /** [lessonSecondMs]: how long a second of a timer lesson lasts (tests shorten it). */
    fun lessonViewModel(lessonSecondMs: Long = 1_000) = LessonViewModel(lessons, mainScope(), lessonSecondMs)

    fun puzzleHubViewModel() = PuzzleHubViewModel(puzzles, endgameTables.state)

    /** [rushSecondMs]: how long a second of the rush's clock lasts (tests shorten it). */
    fun puzzleViewModel(rushSecondMs: Long = 1_000) = PuzzleViewModel(puzzles, mainScope(), rushSecondMs)

    fun onlineGameViewModel() = OnlineGameViewModel(online, inviteSharing)

    /** "Play a friend": opens its rooms in [room]. */
    fun playFriendViewModel(room: OnlineGameViewModel) = PlayFriendViewModel(online, room)

    private fun mainScope() = CoroutineScope(SupervisorJob() + mainDispatcher)
}
