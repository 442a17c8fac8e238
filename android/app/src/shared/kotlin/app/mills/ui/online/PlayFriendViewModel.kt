package app.mills.ui.online

import androidx.lifecycle.ViewModel
import app.mills.data.EngineChoices
import app.mills.data.OnlineRepository
import app.mills.strings.UiText
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/**
 * "Play a friend" before a room exists: the game and timer of a room to create, or the invite
 * code (typed, or from a link opened with the app) to join. The room itself is [room]'s.
 */
class PlayFriendViewModel(
    private val repository: OnlineRepository,
    private val room: OnlineGameViewModel,
) : ViewModel() {
    private val state = MutableStateFlow(load())

    val uiState: StateFlow<PlayFriendUiState> = state.asStateFlow()

    /** Shown again: the server address may have been set in Settings meanwhile. */
    fun refresh() = state.update { it.copy(needsServer = !repository.hasServer) }

    fun selectGame(game: GameId) = state.update { it.copy(game = game) }

    fun selectTimer(timer: TurnTimer) = state.update { it.copy(timer = timer) }

    fun editCode(code: String) = state.update { it.copy(code = code, error = null) }

    /** An invite opened with the app: its code is filled in. */
    fun invite(link: String) = state.update { it.copy(code = link.trim(), error = null, needsServer = !repository.hasServer) }

    /** Creates the room; true once it is being made (the room's screen opens), else the error is shown. */
    fun create(): Boolean = state.value.let { s -> opened(room.create(s.game, s.timer)) }

    /** Joins the room of the code or link typed; true once it is being joined. */
    fun join(): Boolean = opened(room.join(state.value.code))

    /** Opens the saved room again; true once it is being opened, else the error is shown here. */
    fun reopen(): Boolean = opened(room.reopen())

    private fun opened(error: UiText?): Boolean {
        state.update { it.copy(error = error) }
        return error == null
    }

    private fun load() = PlayFriendUiState(
        needsServer = !repository.hasServer,
        // not the local games' timer: a phone call or another app would hand turns to the
        // opponent, so a room's clock is the creator's choice and starts off
        timer = TurnTimer.OFF,
        timers = EngineChoices.timerOptions,
    )
}
