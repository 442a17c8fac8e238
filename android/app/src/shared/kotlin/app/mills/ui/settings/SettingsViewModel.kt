package app.mills.ui.settings

import androidx.lifecycle.ViewModel
import app.mills.data.BoardStyle
import app.mills.data.EndgameTablesRepository
import app.mills.data.EngineChoices
import app.mills.data.GameRepository
import app.mills.data.SettingsRepository
import app.mills.data.ThemeMode
import app.mills.data.UserSettings
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.TurnTimer

/** Settings: every change is saved and applied at once (to the game in progress too). */
class SettingsViewModel(
    private val settings: SettingsRepository,
    private val repository: GameRepository,
    tables: EndgameTablesRepository? = null,
    /** The build's default server, used while the server field is empty ("" when none). */
    val defaultServer: String = "",
) : ViewModel() {
    val uiState: StateFlow<UserSettings> = settings.settings

    private val serverField = MutableStateFlow(false)

    /** Settings was opened to set the server (Home's "Set a server"): its field takes the focus once. */
    val serverFieldRequested: StateFlow<Boolean> = serverField.asStateFlow()

    /** The next Settings shown puts the cursor in the server field. */
    fun requestServerField() {
        serverField.value = true
    }

    /** The server field has the focus: the request is done. */
    fun serverFieldShown() {
        serverField.value = false
    }

    /** The endgame tables' state, for the line under the computer's settings. */
    val tablesState: StateFlow<TablesState> = tables?.state ?: MutableStateFlow(TablesState.NotPrepared)

    fun setLevel(level: Int) {
        val clamped = EngineChoices.clampLevel(level)
        settings.update { it.copy(level = clamped) }
        repository.setLevel(clamped)
    }

    fun setTimer(timer: TurnTimer) {
        settings.update { it.copy(timer = timer) }
        repository.setTimer(timer)
    }

    fun setHumanSide(side: Player) = settings.update { it.copy(humanSide = side) }

    fun setSound(on: Boolean) = settings.update { it.copy(sound = on) }

    fun setHaptics(on: Boolean) = settings.update { it.copy(haptics = on) }

    fun setTheme(theme: ThemeMode) = settings.update { it.copy(theme = theme) }

    fun setBoardStyle(style: BoardStyle) = settings.update { it.copy(boardStyle = style) }

    fun setFaceToFace(on: Boolean) = settings.update { it.copy(faceToFace = on) }

    fun setEvaluationBar(on: Boolean) = settings.update { it.copy(evaluationBar = on) }

    /** Play a friend's server; empty keeps the app offline. */
    fun setServerAddress(address: String) = settings.update { it.copy(serverAddress = address.take(200)) }

    /** The name the opponent sees online (the server takes 60 characters on one line). */
    fun setPlayerName(name: String) = settings.update { it.copy(playerName = name.replace('\n', ' ').take(60)) }
}
