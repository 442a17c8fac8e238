package app.mills.android

import android.app.Application
import android.security.NetworkSecurityPolicy
import app.mills.AppContainer
import app.mills.data.ShippedTablesPack
import kotlinx.coroutines.Dispatchers
import java.io.File

/** The endgame tables pack's name in the assets (android/app/build.gradle.kts writes it). */
private const val TABLES_PACK = "tables.pack"

/** Holds the app's objects for the life of the process. */
class MillsApplication : Application() {
    lateinit var container: AppContainer
        private set

    override fun onCreate() {
        super.onCreate()
        container = AppContainer(
            filesDir = filesDir,
            settingsStore = PreferencesSettingsStore(this),
            mainDispatcher = Dispatchers.Main.immediate,
            recordSharing = AndroidRecordSharing(this),
            inviteSharing = AndroidInviteSharing(this),
            // the endgame tables (about 18 MB, rebuilt when missing) stay out of backups
            noBackupFilesDir = noBackupFilesDir,
            // the manifest's network_security_config: cleartext to this device only
            cleartextPermitted = NetworkSecurityPolicy.getInstance()::isCleartextTrafficPermitted,
            // the pack the Gradle task packEndgameTables put into the assets, copied to the
            // cache when a game's tables are missing (the engine seeks in it) and deleted after
            tablesPack = ShippedTablesPack(File(cacheDir, TABLES_PACK)) { assets.open(TABLES_PACK) },
            // the build's server (Gradle property mills.defaultServer), until Settings names another
            defaultServer = BuildConfig.DEFAULT_SERVER,
        )
        container.startEndgameTables()
    }
}
