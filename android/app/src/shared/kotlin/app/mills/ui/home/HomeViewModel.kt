package app.mills.ui.home

import androidx.lifecycle.ViewModel
import app.mills.data.GameRepository
import app.mills.data.OnlineRepository
import app.mills.data.RulesCatalog
import app.mills.data.SettingsRepository
import app.mills.game.opponent
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.SessionConfig

/** Home: the three games, the game to continue (local or online), and starting a new one. */
class HomeViewModel(
    private val repository: GameRepository,
    private val settings: SettingsRepository,
    private val online: OnlineRepository,
) : ViewModel() {
    private val state = MutableStateFlow(load())

    val uiState: StateFlow<HomeUiState> = state.asStateFlow()

    /** Reads the saved game and the records again (Home is shown again). */
    fun refresh() {
        state.value = load()
    }

    fun startGame(game: GameId, vsComputer: Boolean) {
        val s = settings.current
        val mode = if (vsComputer) {
            GameMode.VsComputer(computer = s.humanSide.opponent(), level = s.level.toUByte())
        } else {
            GameMode.PassAndPlay
        }
        repository.start(SessionConfig(game = game, mode = mode, timer = s.timer))
    }

    /** Whether the game's lessons are still to be offered: once per game, when it is first opened. */
    fun shouldOfferLessons(game: GameId): Boolean = game !in settings.current.lessonsOffered

    /** The offer was answered (Start or Not now): it is not made again. */
    fun lessonsOffered(game: GameId) = settings.update { it.copy(lessonsOffered = it.lessonsOffered + game) }

    /** The saved online game is not wanted any more: Home stops offering it. */
    fun forgetOnlineGame() {
        online.forget()
        refresh()
    }

    /** Opens the saved game; false if it is gone. */
    fun continueGame(): Boolean = repository.continueSaved()

    private fun load(): HomeUiState {
        val level = settings.current.level
        val records = repository.stats()
            .filter { it.level.toInt() == level }
            .associate {
                it.game to Record(
                    wins = it.wins.toInt(),
                    losses = it.losses.toInt(),
                    draws = it.draws.toInt(),
                    hintsUsed = it.hintsUsed.toInt(),
                    winsWithHints = it.winsWithHints.toInt(),
                )
            }
        return HomeUiState(
            games = RulesCatalog.games,
            saved = repository.savedGame(),
            records = records,
            onlineReturn = onlineReturn(),
            needsServer = !online.hasServer,
        )
    }

    /** Offered while the saved room's game goes on and online play is on (a server is set). */
    private fun onlineReturn(): OnlineReturn? {
        if (!online.hasServer) return null
        val saved = online.saved()?.takeIf { !it.finished } ?: return null
        return OnlineReturn(saved.opponentName)
    }
}
