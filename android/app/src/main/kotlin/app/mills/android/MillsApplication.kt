package app.mills.android

import android.app.Application
import android.security.NetworkSecurityPolicy
import app.mills.AppContainer
import kotlinx.coroutines.Dispatchers

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
            // the build's server (Gradle property mills.defaultServer), until Settings names another
            defaultServer = BuildConfig.DEFAULT_SERVER,
        )
        container.startEndgameTables()
    }
}
