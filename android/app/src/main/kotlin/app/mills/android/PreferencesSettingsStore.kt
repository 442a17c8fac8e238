package app.mills.android

import android.content.Context
import androidx.core.content.edit
import app.mills.data.EngineChoices
import app.mills.data.SettingsStore
import app.mills.data.UserSettings
import uniffi.mills_ffi.GameId

/** Settings in SharedPreferences: small, read once at start, written on every change. */
class PreferencesSettingsStore(context: Context) : SettingsStore {
    private val prefs = context.getSharedPreferences("settings", Context.MODE_PRIVATE)

    override fun read(): UserSettings {
        val defaults = UserSettings()
        return UserSettings(
            level = EngineChoices.clampLevel(prefs.getInt(LEVEL, defaults.level)),
            timer = enumOr(prefs.getString(TIMER, null), defaults.timer),
            humanSide = enumOr(prefs.getString(SIDE, null), defaults.humanSide),
            sound = prefs.getBoolean(SOUND, defaults.sound),
            haptics = prefs.getBoolean(HAPTICS, defaults.haptics),
            theme = enumOr(prefs.getString(THEME, null), defaults.theme),
            boardStyle = enumOr(prefs.getString(BOARD, null), defaults.boardStyle),
            faceToFace = prefs.getBoolean(FACE_TO_FACE, defaults.faceToFace),
            lessonsOffered = prefs.getStringSet(LESSONS_OFFERED, null).orEmpty()
                .mapNotNull { name -> GameId.entries.firstOrNull { it.name == name } }
                .toSet(),
            evaluationBar = prefs.getBoolean(EVALUATION_BAR, defaults.evaluationBar),
            serverAddress = prefs.getString(SERVER_ADDRESS, null) ?: defaults.serverAddress,
            playerName = prefs.getString(PLAYER_NAME, null) ?: defaults.playerName,
        )
    }

    override fun write(settings: UserSettings) {
        prefs.edit {
            putInt(LEVEL, settings.level)
            putString(TIMER, settings.timer.name)
            putString(SIDE, settings.humanSide.name)
            putBoolean(SOUND, settings.sound)
            putBoolean(HAPTICS, settings.haptics)
            putString(THEME, settings.theme.name)
            putString(BOARD, settings.boardStyle.name)
            putBoolean(FACE_TO_FACE, settings.faceToFace)
            putStringSet(LESSONS_OFFERED, settings.lessonsOffered.map { it.name }.toSet())
            putBoolean(EVALUATION_BAR, settings.evaluationBar)
            putString(SERVER_ADDRESS, settings.serverAddress)
            putString(PLAYER_NAME, settings.playerName)
        }
    }

    private inline fun <reified E : Enum<E>> enumOr(name: String?, default: E): E =
        enumValues<E>().firstOrNull { it.name == name } ?: default

    private companion object {
        const val LEVEL = "level"
        const val TIMER = "timer"
        const val SIDE = "human_side"
        const val SOUND = "sound"
        const val HAPTICS = "haptics"
        const val THEME = "theme"
        const val BOARD = "board_style"
        const val FACE_TO_FACE = "face_to_face"
        const val LESSONS_OFFERED = "lessons_offered"
        const val EVALUATION_BAR = "evaluation_bar"
        const val SERVER_ADDRESS = "server_address"
        const val PLAYER_NAME = "player_name"
    }
}
