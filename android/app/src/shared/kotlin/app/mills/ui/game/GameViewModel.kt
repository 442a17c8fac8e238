package app.mills.ui.game

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.mills.data.GameEvent
import app.mills.data.GameRepository
import app.mills.data.NoRecordSharing
import app.mills.data.RecordSharing
import app.mills.data.RecordToConfirm
import app.mills.data.SettingsRepository
import app.mills.game.GameEffect
import app.mills.game.GameUiState
import app.mills.game.ReviewUiMapper
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

/**
 * The game screen: the player's events in, one immutable [GameUiState] out. The work is done
 * by the screen's parts, one job each: [GamePlay] (the live game), [GameReview] (move list and
 * review), [Advisor] (hints and the evaluation bar), [TurnClock] (when the timer runs here) and
 * [GameRecords] (the record sheet, records opened). This class routes events to them and puts
 * their states together ([GameScreenState], no engine call). Call it from the main thread:
 * its [scope]'s dispatcher; engine searches run off it.
 */
class GameViewModel(
    private val repository: GameRepository,
    private val settings: SettingsRepository,
    /** Runs on the main thread; cancelled when the view model is cleared. */
    scope: CoroutineScope,
    /** The platform's share sheet and clipboard, for game records. */
    sharing: RecordSharing = NoRecordSharing,
) : ViewModel(scope) {
    private val state = MutableStateFlow<GameUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)
    private val play = GamePlay(repository) { effectFlow.tryEmit(it) }
    private val review = GameReview(repository)
    private val advisor = Advisor(repository, viewModelScope, onEvaluated = ::refresh)
    private val clock = TurnClock(repository)
    private val records = GameRecords(repository, sharing)

    /** The session the screen shows (another one: nothing of the old one stays). */
    private var shownSession = -1

    val uiState: StateFlow<GameUiState?> = state.asStateFlow()

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    /** Why the last record could not be opened (shown over any screen until dismissed). */
    val importError: StateFlow<UiText?> = records.importError

    /** A good record that would end the unfinished game: asked first, over any screen. */
    val recordToConfirm: StateFlow<RecordToConfirm?> = records.recordToConfirm

    init {
        viewModelScope.launch { repository.snapshot.collect { refresh() } }
        viewModelScope.launch { repository.events.collect(::onEvent) }
        viewModelScope.launch { settings.settings.collect { refresh() } }
    }

    fun onPointTap(point: String) {
        if (review.reviewing) {
            review.refuseTap()
            refresh()
            return
        }
        advisor.stopHint()
        if (play.tap(point)) refresh()
    }

    fun undo() = command(play::undo)

    fun redo() = command(play::redo)

    fun resign() {
        advisor.stopHint()
        if (play.resign()) refresh()
    }

    /** The same game again, with the same players. */
    fun newGame() {
        advisor.stopHint()
        leaveReview()
        command(play::newGame)
    }

    fun dismissResult() = thenRefresh(play::dismissResult)

    /** Phones: opens or closes the move-list panel. */
    fun toggleMoves() = thenRefresh(review::toggleMoves)

    /** A tap on a row of the move list: the board after that turn. */
    fun showTurn(index: Int) = goTo(index + 1)

    /** One turn back (from the live game: the position before its last turn). */
    fun reviewBack() = review.positionBefore()?.let(::goTo) ?: Unit

    fun reviewForward() = review.positionAfter()?.let(::goTo) ?: Unit

    /** Back to the live game, untouched by the review. */
    fun exitReview() {
        if (!review.reviewing) return
        leaveReview()
        play.say(text(StringKey.ReviewExit))
        refresh()
    }

    /** The review position shown becomes the live one (asked first by the screen). */
    fun playFromHere() {
        if (!review.reviewing) return
        review.playFromHere()?.let { live ->
            leaveReview()
            play.say(text(StringKey.AnnouncePlayedFromHere, live + 1))
        }
        refresh()
    }

    /** The result screen's Review: the final position, with the move list open. */
    fun reviewGame() {
        play.dismissResult()
        review.openMoves()
        goTo(review.current.turns)
    }

    /** Asks the engine for a hint (about a second, off the main thread); a second tap stops it. */
    fun onHint() {
        if (advisor.current.hintBusy) {
            stopHint()
            refresh()
            return
        }
        if (review.reviewing) return
        play.say(text(StringKey.HintSearching))
        advisor.askHint(::onHintAnswer)
        refresh()
    }

    /** Stops the hint being searched for (a tap, undo, leaving the screen...). */
    fun stopHint() = advisor.stopHint()

    /** Opens the record sheet with the game as text (today's date in its header); the timer waits under it. */
    fun showRecord() {
        if (records.export()) clock.setRecordOpen(true) else play.showError()
        refresh()
    }

    fun closeRecord() = thenRefresh(::closeRecordSheet)

    fun copyRecord() {
        if (!records.copy()) return
        play.say(text(StringKey.AnnounceRecordCopied))
        refresh()
    }

    /** Hands the record to the platform's share sheet; [subject] is already in the user's language. */
    fun shareRecord(subject: String) = records.share(subject)

    /**
     * Opens a record's game for review (at its last position, move list open), replacing the
     * game in progress; a bad record loads nothing and [importError] says why, with its turn.
     * A good record that would end an unfinished game (the engine's `unfinished`) waits in
     * [recordToConfirm] for the player's word, unless [replaceUnfinished]. True if it opened.
     */
    fun importRecord(text: String, replaceUnfinished: Boolean = false): Boolean {
        val read = records.open(text, replaceUnfinished) ?: return false
        play.showMessage(null)
        syncSession()
        review.openMoves()
        goTo(review.current.turns)
        // a finished game's result is in its last review position: no dialog on leaving it
        play.dismissResult()
        play.say(text(StringKey.AnnounceRecordOpened, UiText.GameName(read.game), review.current.turns))
        refresh()
        return true
    }

    /** "Open a game record": the clipboard's text, if it holds any. */
    fun importFromClipboard(): Boolean = records.paste()?.let(::importRecord) ?: false

    /** "Open a text file": the picked file could not be read (the picker gave no text). */
    fun reportUnreadableRecordFile() = records.refuseFile(StringKey.ImportFileUnreadable)

    /** "Open a text file" on a device with no document picker. */
    fun reportNoFilePicker() = records.refuseFile(StringKey.ImportNoFilePicker)

    fun dismissImportError() = records.dismissImportError()

    /** The player keeps the unfinished game: the record waiting in [recordToConfirm] is dropped. */
    fun keepUnfinishedGame() = records.keepUnfinishedGame()

    override fun onCleared() {
        stopHint()
        super.onCleared()
    }

    /** A command on the live game: any hint is stopped first, the screen drawn after. */
    private fun command(run: () -> Unit) {
        advisor.stopHint()
        thenRefresh(run)
    }

    private fun thenRefresh(run: () -> Unit) {
        run()
        refresh()
    }

    private fun goTo(position: Int) {
        if (!review.reviewing) {
            advisor.stopHint()
            clock.setReviewing(true)
        }
        review.show(position)
        play.forgetWords()
        refresh()
    }

    private fun closeRecordSheet() {
        records.close()
        clock.setRecordOpen(false)
    }

    private fun leaveReview() {
        review.leave()
        clock.setReviewing(false)
    }

    private fun onHintAnswer(answer: HintAnswer) = thenRefresh {
        when (answer) {
            is HintAnswer.Found -> play.say(
                repository.snapshot.value?.next?.let { ReviewUiMapper.hintText(answer.hint, it) } ?: text(StringKey.HintNone),
            )
            HintAnswer.None -> play.say(text(StringKey.HintNone))
            is HintAnswer.Failed -> play.showMessage(answer.error.toUiText())
            HintAnswer.Stale -> Unit
        }
    }

    private fun onEvent(event: GameEvent) {
        when (event) {
            is GameEvent.TimedOut -> {
                val names = play.names ?: return
                refresh()
                play.say(clock.timedOut(event.player, names))
                effectFlow.tryEmit(GameEffect.TimedOut)
            }
            is GameEvent.SaveFailed -> play.say(text(StringKey.AnnounceSaveFailed))
            is GameEvent.ComputerMoved, is GameEvent.Finished -> Unit
        }
        refresh()
    }

    /** Another session is installed (a new game, a restored one, a record): nothing of the old one stays. */
    private fun syncSession() {
        val id = repository.sessionId
        if (id == shownSession) return
        shownSession = id
        advisor.reset()
        closeRecordSheet()
        leaveReview()
        onGameChanged()
    }

    private fun onGameChanged() {
        advisor.gameChanged()
        review.reload()
    }

    /**
     * Takes the repository's snapshot and the engine's changes that led to it (the parts read
     * the engine again only if the game changed), then publishes the state put together from
     * the parts' states.
     */
    private fun refresh() {
        val snapshot = repository.snapshot.value
        if (snapshot == null) {
            state.value = null
            return
        }
        syncSession()
        val current = settings.current
        if (play.absorb(snapshot, current.faceToFace)) onGameChanged()
        state.value = GameScreenState.of(snapshot, play.current, review.current, advisor.current, records.record.value, current.evaluationBar)
        advisor.evaluateIfIdle(current.evaluationBar, snapshot.computerThinking, review.reviewing)
    }
}
