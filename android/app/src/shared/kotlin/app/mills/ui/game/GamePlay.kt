package app.mills.ui.game

import app.mills.data.GameRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.Transient
import app.mills.game.motionEffect
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import uniffi.mills_ffi.Snapshot
import uniffi.mills_ffi.TapStep

/** The live game as the screen last drew it, and what the moment adds (motions, words). */
data class PlayState(
    /** The engine's snapshot the screen shows; `null` before a game starts. */
    val snapshot: Snapshot? = null,
    val transient: Transient = Transient(),
)

/**
 * Playing the live game: taps, undo and redo, resignation and a new game, sent to the engine;
 * the engine's board changes turned into motions, announcements and [emit]ted sounds. Every
 * rule is the engine's. Call it from the main thread.
 */
class GamePlay(
    private val repository: GameRepository,
    /** Plays a sound and a haptic (the view model's effects). */
    private val emit: (GameEffect) -> Unit,
) {
    private val state = MutableStateFlow(PlayState())

    val uiState: StateFlow<PlayState> = state.asStateFlow()

    val current: PlayState get() = state.value

    /** The names of the players of the game shown (`null` before one starts). */
    val names: PlayerNames? get() = current.snapshot?.let { PlayerNames(it.config.mode) }

    /** A tap on a point; false if the engine had nothing to say (no game, not a point). */
    fun tap(point: String): Boolean {
        // a local game's tap carries no verdict: the step says it all
        when (val step = (repository.tap(point) ?: return false).step) {
            is TapStep.Selected -> say(text(StringKey.AnnouncePicked, step.point))
            is TapStep.Deselected -> say(text(StringKey.AnnounceDropped, step.point))
            is TapStep.Played -> edit { copy(message = null) }
            is TapStep.Refused -> {
                edit { copy(message = step.refusal.toUiText(), shakePoint = point, shakeKey = shakeKey + 1) }
                emit(GameEffect.Refused)
            }
            TapStep.Unchanged -> Unit
        }
        return true
    }

    fun undo() = if (repository.undo()) say(text(StringKey.AnnounceUndone)) else showError()

    fun redo() = if (repository.redo()) say(text(StringKey.AnnounceRedone)) else showError()

    /** The human resigns (pass-and-play: the side to move); false if the engine refused. */
    fun resign(): Boolean {
        val loser = repository.resign() ?: return false
        names?.let { say(text(StringKey.AnnounceResigned, it.name(loser))) }
        return true
    }

    /** The same game again, with the same players: its result will show when it ends. */
    fun newGame() {
        repository.newGame()
        edit { copy(resultDismissed = false) }
        say(text(StringKey.AnnounceNewGame))
    }

    /** The result dialog is closed (or its result is shown another way, in review). */
    fun dismissResult() = edit { copy(resultDismissed = true) }

    /** Says [announcement] to everyone (and screen readers); the last refusal is forgotten. */
    fun say(announcement: UiText) = edit { copy(announcement = announcement, message = null) }

    /** Why something did not happen, under the board. */
    fun showMessage(message: UiText?) = edit { copy(message = message) }

    /** The board shows another position: what was said about the live one no longer applies. */
    fun forgetWords() = edit { copy(message = null, announcement = null) }

    /** The engine refused a command: say why under the board (game/ErrorText.kt). */
    fun showError() {
        repository.lastError?.let { error -> edit { copy(message = error.toUiText()) } }
    }

    /**
     * Takes [snapshot] and the engine's changes that led to it: animates them, says them and
     * plays their sound. True if the game itself changed (a board change, or a resignation,
     * which has none), so that the move list and the advice are read again.
     */
    fun absorb(snapshot: Snapshot, faceToFace: Boolean): Boolean {
        val previous = current.snapshot
        val changes = repository.takeChanges()
        val moved = previous != null && (previous.outcome != snapshot.outcome || previous.actionCount != snapshot.actionCount)
        if (changes.isNotEmpty()) {
            val motions = Motion.of(changes)
            val formedLine = changes.any { it.lines.isNotEmpty() }
            val said = Announcer.describe(motions, snapshot.config.game, PlayerNames(snapshot.config.mode), formedLine)
            val ended = previous?.outcome == null && snapshot.outcome != null
            edit {
                copy(
                    motions = motions,
                    motionKey = motionKey + 1,
                    announcement = said ?: announcement,
                    resultDismissed = resultDismissed && !ended,
                )
            }
            effectOf(previous, snapshot, motions, formedLine)?.let(emit)
        }
        state.update { it.copy(snapshot = snapshot, transient = it.transient.copy(faceToFace = faceToFace)) }
        return changes.isNotEmpty() || moved
    }

    /** The end of the game when it just ended, else the sound of the motions. */
    private fun effectOf(previous: Snapshot?, snapshot: Snapshot, motions: List<Motion>, formedLine: Boolean): GameEffect? {
        val outcome = snapshot.outcome
        if (outcome == null || previous?.outcome != null) return motionEffect(motions, formedLine)
        val human = PlayerNames(snapshot.config.mode).human
        return when {
            outcome.winner == null -> GameEffect.Draw
            human == null || outcome.winner == human -> GameEffect.Won
            else -> GameEffect.Lost
        }
    }

    private fun edit(change: Transient.() -> Transient) = state.update { it.copy(transient = it.transient.change()) }
}
