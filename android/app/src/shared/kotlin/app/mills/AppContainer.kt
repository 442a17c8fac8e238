package app.mills

import app.mills.data.AppFiles
import app.mills.data.GameRepository
import app.mills.data.NoRecordSharing
import app.mills.data.RecordSharing
import app.mills.data.SettingsRepository
import app.mills.data.SettingsStore
import app.mills.ui.game.GameViewModel
import app.mills.ui.home.HomeViewModel
import app.mills.ui.navigation.AppViewModel
import app.mills.ui.settings.SettingsViewModel
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import java.io.File

/**
 * The app's objects, wired by hand: the platform gives where files go, how settings persist
 * and the dispatcher of its main thread; the rest is the same everywhere.
 */
class AppContainer(
    filesDir: File,
    settingsStore: SettingsStore,
    private val mainDispatcher: CoroutineDispatcher,
    seed: ULong? = null,
    /** The share sheet and clipboard for game records (issue 12). */
    private val recordSharing: RecordSharing = NoRecordSharing,
) {
    val settings = SettingsRepository(settingsStore)
    val games = GameRepository(AppFiles(filesDir), mainScope(), seed)

    fun appViewModel() = AppViewModel(games)

    fun homeViewModel() = HomeViewModel(games, settings)

    fun gameViewModel() = GameViewModel(games, settings, mainScope(), recordSharing)

    fun settingsViewModel() = SettingsViewModel(settings, games)

    private fun mainScope() = CoroutineScope(SupervisorJob() + mainDispatcher)
}
