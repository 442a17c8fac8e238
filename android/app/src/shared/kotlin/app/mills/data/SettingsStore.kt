package app.mills.data

/** Where settings are kept between runs (SharedPreferences on Android). */
interface SettingsStore {
    fun read(): UserSettings

    fun write(settings: UserSettings)
}

/** Keeps settings for the life of the process (tests, previews). */
class InMemorySettingsStore(private var settings: UserSettings = UserSettings()) : SettingsStore {
    override fun read(): UserSettings = settings

    override fun write(settings: UserSettings) {
        this.settings = settings
    }
}
