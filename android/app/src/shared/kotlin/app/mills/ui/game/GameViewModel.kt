package app.mills.ui.game

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.mills.data.GameEvent
import app.mills.data.GameRepository
import app.mills.data.SettingsRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.GameUiMapper
import app.mills.game.GameUiState
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.Transient
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableSharedFlow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharedFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asSharedFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import uniffi.mills_ffi.Snapshot
import uniffi.mills_ffi.TapResult

/** The game screen: taps, undo/redo, resign, new game, and what the screen shows. */
class GameViewModel(
    private val repository: GameRepository,
    private val settings: SettingsRepository,
    /** Runs on the main thread; cancelled when the view model is cleared. */
    scope: CoroutineScope,
) : ViewModel(scope) {
    private val state = MutableStateFlow<GameUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)

    private var rendered: Snapshot? = null
    private var transient = Transient()

    val uiState: StateFlow<GameUiState?> = state.asStateFlow()

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    init {
        viewModelScope.launch { repository.snapshot.collect { render() } }
        viewModelScope.launch { repository.events.collect(::onEvent) }
        viewModelScope.launch { settings.settings.collect { render() } }
    }

    @Synchronized
    fun onPointTap(point: String) {
        when (val result = repository.tap(point) ?: return) {
            is TapResult.Selected -> say(text(StringKey.AnnouncePicked, result.point))
            is TapResult.Deselected -> say(text(StringKey.AnnounceDropped, result.point))
            is TapResult.Played -> transient = transient.copy(message = null)
            is TapResult.Refused -> {
                transient = transient.copy(
                    message = result.refusal.toUiText(),
                    shakePoint = point,
                    shakeKey = transient.shakeKey + 1,
                )
                effectFlow.tryEmit(GameEffect.Refused)
            }
        }
        render()
    }

    @Synchronized
    fun undo() {
        if (repository.undo()) say(text(StringKey.AnnounceUndone)) else showError()
        render()
    }

    @Synchronized
    fun redo() {
        if (repository.redo()) say(text(StringKey.AnnounceRedone)) else showError()
        render()
    }

    @Synchronized
    fun resign() {
        val loser = repository.resign() ?: return
        val names = rendered?.let { PlayerNames(it.config.mode) }
        names?.let { say(text(StringKey.AnnounceResigned, it.name(loser))) }
        render()
    }

    /** The same game again, with the same players. */
    @Synchronized
    fun newGame() {
        repository.newGame()
        transient = transient.copy(resultDismissed = false)
        say(text(StringKey.AnnounceNewGame))
        render()
    }

    @Synchronized
    fun dismissResult() {
        transient = transient.copy(resultDismissed = true)
        render()
    }

    /** The engine refused a command: say why under the board (game/ErrorText.kt). */
    private fun showError() {
        repository.lastError?.let { transient = transient.copy(message = it.toUiText()) }
    }

    private fun say(announcement: UiText) {
        transient = transient.copy(announcement = announcement, message = null)
    }

    @Synchronized
    private fun onEvent(event: GameEvent) {
        when (event) {
            is GameEvent.TimedOut -> {
                val names = rendered?.let { PlayerNames(it.config.mode) } ?: return
                render()
                say(text(StringKey.AnnounceTimedOut, names.name(event.player)))
                effectFlow.tryEmit(GameEffect.TimedOut)
            }
            is GameEvent.SaveFailed -> say(text(StringKey.AnnounceSaveFailed))
            is GameEvent.ComputerMoved, is GameEvent.Finished -> Unit
        }
        render()
    }

    /** Redraws from the repository's snapshot; animates the engine's changes that led to it. */
    @Synchronized
    private fun render() {
        val snapshot = repository.snapshot.value
        if (snapshot == null) {
            state.value = null
            return
        }
        val previous = rendered
        val changes = repository.takeChanges()
        if (changes.isNotEmpty()) {
            val motions = Motion.of(changes)
            val formedLine = changes.any { it.lines.isNotEmpty() }
            val announcement = Announcer.describe(
                motions,
                snapshot.config.game,
                PlayerNames(snapshot.config.mode),
                formedLine,
            )
            transient = transient.copy(
                motions = motions,
                motionKey = transient.motionKey + 1,
                announcement = announcement ?: transient.announcement,
            )
            if (previous?.outcome == null && snapshot.outcome != null) transient = transient.copy(resultDismissed = false)
            emitEffects(previous, snapshot, motions, formedLine)
        }
        rendered = snapshot
        transient = transient.copy(faceToFace = settings.current.faceToFace)
        state.value = GameUiMapper.map(snapshot, transient)
    }

    private fun emitEffects(previous: Snapshot?, snapshot: Snapshot, motions: List<Motion>, formedLine: Boolean) {
        val outcome = snapshot.outcome
        val effect = when {
            outcome != null && previous?.outcome == null -> {
                val human = PlayerNames(snapshot.config.mode).human
                when {
                    outcome.winner == null -> GameEffect.Draw
                    human == null || outcome.winner == human -> GameEffect.Won
                    else -> GameEffect.Lost
                }
            }
            motions.any { it is Motion.Stable } -> GameEffect.Stable
            motions.any { it is Motion.Remove || it is Motion.Pin } -> GameEffect.Remove
            formedLine && motions.isNotEmpty() -> GameEffect.Mill
            motions.isNotEmpty() -> GameEffect.Place
            else -> null
        }
        effect?.let(effectFlow::tryEmit)
    }
}
