package app.mills.ui.game

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.mills.data.GameEvent
import app.mills.data.GameRepository
import app.mills.data.NoRecordSharing
import app.mills.data.RecordSharing
import app.mills.data.RecordToConfirm
import app.mills.data.SettingsRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.GameUiMapper
import app.mills.game.GameUiState
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.RecordUi
import app.mills.game.ReviewUi
import app.mills.game.ReviewUiMapper
import app.mills.game.Transient
import app.mills.game.motionEffect
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
import uniffi.mills_ffi.Evaluation
import uniffi.mills_ffi.Hint
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.RecordDetails
import uniffi.mills_ffi.TurnEntry
import uniffi.mills_ffi.Snapshot
import uniffi.mills_ffi.TapResult

/** The game screen: taps, undo/redo, resign, new game, and what the screen shows. */
class GameViewModel(
    private val repository: GameRepository,
    private val settings: SettingsRepository,
    /** Runs on the main thread; cancelled when the view model is cleared. */
    scope: CoroutineScope,
    /** The platform's share sheet and clipboard, for game records. */
    private val sharing: RecordSharing = NoRecordSharing,
) : ViewModel(scope) {
    private val state = MutableStateFlow<GameUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)

    private var rendered: Snapshot? = null
    private var transient = Transient()

    val uiState: StateFlow<GameUiState?> = state.asStateFlow()

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    // issue 12: the move list, review, hints, the evaluation bar and records
    private var renderedSession = -1

    /** Counts the changes of the game (moves, undo, a new game): hints and evaluations are of one. */
    private var gameVersion = 0
    private var moves: List<TurnEntry> = emptyList()
    private var currentTurn: Int? = null
    private var reviewTurns = 0
    private var movesOpen = false

    /** The review position shown (0..[reviewTurns]); `null` for the live game. */
    private var reviewAt: Int? = null
    private var reviewMessage: UiText? = null
    private var hint: Hint? = null
    private var hintVersion = -1
    private var hintBusy = false

    /** Each request (and each stop) gets a number: an answer to an older one is dropped. */
    private var hintRequest = 0
    private var evaluation: Evaluation? = null
    private var evaluationVersion = -1
    private var evaluating = false
    private var record: String? = null
    private val importErrorState = MutableStateFlow<UiText?>(null)

    /** Why the last record could not be opened (shown over any screen until dismissed). */
    val importError: StateFlow<UiText?> = importErrorState.asStateFlow()
    private val recordToConfirmState = MutableStateFlow<RecordToConfirm?>(null)

    /** A good record that would end the unfinished game: asked first, over any screen. */
    val recordToConfirm: StateFlow<RecordToConfirm?> = recordToConfirmState.asStateFlow()

    init {
        viewModelScope.launch { repository.snapshot.collect { render() } }
        viewModelScope.launch { repository.events.collect(::onEvent) }
        viewModelScope.launch { settings.settings.collect { render() } }
    }

    @Synchronized
    fun onPointTap(point: String) {
        if (reviewAt != null) {
            reviewMessage = text(StringKey.ReviewTapRefused)
            render()
            return
        }
        stopHint()
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
        stopHint()
        if (repository.undo()) say(text(StringKey.AnnounceUndone)) else showError()
        render()
    }

    @Synchronized
    fun redo() {
        stopHint()
        if (repository.redo()) say(text(StringKey.AnnounceRedone)) else showError()
        render()
    }

    @Synchronized
    fun resign() {
        stopHint()
        val loser = repository.resign() ?: return
        val names = rendered?.let { PlayerNames(it.config.mode) }
        names?.let { say(text(StringKey.AnnounceResigned, it.name(loser))) }
        render()
    }

    /** The same game again, with the same players. */
    @Synchronized
    fun newGame() {
        stopHint()
        leaveReview()
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

    // --- issue 12: move list and review ---

    /** Phones: opens or closes the move-list panel. */
    @Synchronized
    fun toggleMoves() {
        movesOpen = !movesOpen
        render()
    }

    /** A tap on a row of the move list: the board after that turn. */
    @Synchronized
    fun showTurn(index: Int) = goTo(index + 1)

    /** One turn back (from the live game: the position before its last turn). */
    @Synchronized
    fun reviewBack() {
        if (reviewAt == null && reviewTurns == 0) return
        goTo((reviewAt ?: reviewTurns) - 1)
    }

    @Synchronized
    fun reviewForward() {
        val at = reviewAt ?: return
        goTo(at + 1)
    }

    /** Back to the live game, untouched by the review. */
    @Synchronized
    fun exitReview() {
        if (reviewAt == null) return
        leaveReview()
        say(text(StringKey.ReviewExit))
        render()
    }

    /** The review position shown becomes the live one (asked first by the screen). */
    @Synchronized
    fun playFromHere() {
        val at = reviewAt ?: return
        val live = repository.undoToTurn(at)
        if (live == null) {
            reviewMessage = repository.lastError?.toUiText()
        } else {
            leaveReview()
            say(text(StringKey.AnnouncePlayedFromHere, live + 1))
        }
        render()
    }

    /** The result screen's Review: the final position, with the move list open. */
    @Synchronized
    fun reviewGame() {
        transient = transient.copy(resultDismissed = true)
        movesOpen = true
        goTo(reviewTurns)
    }

    private fun goTo(position: Int) {
        val target = position.coerceIn(0, reviewTurns)
        if (reviewAt == null) {
            stopHint()
            repository.setReviewing(true)
        }
        reviewAt = target
        reviewMessage = null
        transient = transient.copy(message = null, announcement = null)
        render()
    }

    private fun leaveReview() {
        reviewAt = null
        reviewMessage = null
        repository.setReviewing(false)
    }

    // --- issue 12: hints ---

    /** Asks the engine for a hint (about a second, off the main thread); a second tap stops it. */
    @Synchronized
    fun onHint() {
        if (hintBusy) {
            stopHint()
            render()
            return
        }
        if (reviewAt != null) return
        val request = ++hintRequest
        val version = gameVersion
        val session = repository.sessionId
        hintBusy = true
        hint = null
        // an evaluation in progress gives way (the hint waits for it otherwise)
        if (evaluating) repository.cancelSearch()
        say(text(StringKey.HintSearching))
        viewModelScope.launch {
            val result = repository.hint(HINT_MS)
            onHintAnswer(result, request, version, session)
        }
        render()
    }

    /** Stops the hint being searched for (a tap, undo, leaving the screen...). */
    @Synchronized
    fun stopHint() {
        if (!hintBusy) return
        hintBusy = false
        hintRequest++
        repository.cancelSearch()
    }

    @Synchronized
    private fun onHintAnswer(result: Result<Hint?>, request: Int, version: Int, session: Int) {
        if (request != hintRequest) {
            render()
            return
        }
        hintBusy = false
        if (session == repository.sessionId && version == gameVersion) {
            result.onSuccess { found ->
                if (found != null) {
                    hint = found
                    hintVersion = version
                    val next = repository.snapshot.value?.next
                    say(next?.let { ReviewUiMapper.hintText(found, it) } ?: text(StringKey.HintNone))
                } else {
                    say(text(StringKey.HintNone))
                }
            }.onFailure { e ->
                (e as? MillsException)?.let { transient = transient.copy(message = it.toUiText()) }
            }
        }
        render()
    }

    // --- issue 12: the evaluation bar ---

    private fun maybeEvaluate(computerThinking: Boolean) {
        // the bar is hidden while reviewing; it catches up when the live game is back
        if (!settings.current.evaluationBar || evaluating || hintBusy || computerThinking || reviewAt != null) return
        if (evaluationVersion == gameVersion) return
        val version = gameVersion
        val session = repository.sessionId
        evaluating = true
        viewModelScope.launch {
            val result = repository.evaluate(EVALUATION_MS)
            onEvaluation(result, version, session)
        }
    }

    @Synchronized
    private fun onEvaluation(result: Result<Evaluation?>, version: Int, session: Int) {
        evaluating = false
        if (session == repository.sessionId && version == gameVersion) {
            result.onSuccess { found ->
                if (found != null) {
                    evaluation = found
                    evaluationVersion = version
                }
            }.onFailure { evaluationVersion = version }
        }
        render()
    }

    // --- issue 12: records ---

    /** Opens the record sheet with the game as text (today's date in its header). */
    @Synchronized
    fun showRecord() {
        val text = repository.exportRecord(RecordDetails(date = java.time.LocalDate.now().toString()))
        if (text == null) showError() else record = text
        render()
    }

    @Synchronized
    fun closeRecord() {
        record = null
        render()
    }

    @Synchronized
    fun copyRecord() {
        val text = record ?: return
        sharing.copy(text)
        say(text(StringKey.AnnounceRecordCopied))
        render()
    }

    /** Hands the record to the platform's share sheet; [subject] is already in the user's language. */
    @Synchronized
    fun shareRecord(subject: String) {
        record?.let { sharing.share(it, subject) }
    }

    /**
     * Opens a record's game for review (at its last position, move list open), replacing the
     * game in progress; a bad record loads nothing and [importError] says why, with its turn.
     * A good record that would end an unfinished game (the engine's `unfinished`) waits in
     * [recordToConfirm] for the player's word, unless [replaceUnfinished]. True if it opened.
     */
    @Synchronized
    fun importRecord(text: String, replaceUnfinished: Boolean = false): Boolean {
        val unfinished = if (replaceUnfinished) null else repository.savedGame()?.takeIf { it.unfinished }
        recordToConfirmState.value = null
        val opened = if (unfinished == null) repository.openRecord(text) else repository.checkRecord(text)
        val read = opened.getOrElse { e ->
            importErrorState.value = (e as? MillsException)?.toUiText() ?: text(StringKey.ErrorRecordInvalid)
            return false
        }
        importErrorState.value = null
        if (unfinished != null) {
            recordToConfirmState.value = RecordToConfirm(text, unfinished)
            return false
        }
        record = null
        transient = transient.copy(message = null)
        syncSession()
        movesOpen = true
        goTo(reviewTurns)
        // a finished game's result is in its last review position: no dialog on leaving it
        transient = transient.copy(resultDismissed = true)
        say(text(StringKey.AnnounceRecordOpened, UiText.GameName(read.game), reviewTurns))
        render()
        return true
    }

    /** "Open a game record": the clipboard's text, if it holds any. */
    @Synchronized
    fun importFromClipboard(): Boolean {
        val text = sharing.paste()
        if (text.isNullOrBlank()) {
            importErrorState.value = text(StringKey.ImportClipboardEmpty)
            return false
        }
        return importRecord(text)
    }

    /** "Open a text file": the picked file could not be read (the picker gave no text). */
    @Synchronized
    fun reportUnreadableRecordFile() = refuseRecordFile(StringKey.ImportFileUnreadable)

    /** "Open a text file" on a device with no document picker. */
    @Synchronized
    fun reportNoFilePicker() = refuseRecordFile(StringKey.ImportNoFilePicker)

    /** No record came from the file: nothing waits to be confirmed, and [importError] says why. */
    private fun refuseRecordFile(reason: StringKey) {
        recordToConfirmState.value = null
        importErrorState.value = text(reason)
    }

    fun dismissImportError() {
        importErrorState.value = null
    }

    /** The player keeps the unfinished game: the record waiting in [recordToConfirm] is dropped. */
    fun keepUnfinishedGame() {
        recordToConfirmState.value = null
    }

    override fun onCleared() {
        stopHint()
        super.onCleared()
    }

    /** Another session is installed (a new game, a restored one, a record): nothing of the old one stays. */
    private fun syncSession() {
        val id = repository.sessionId
        if (id == renderedSession) return
        renderedSession = id
        hintRequest++
        hintBusy = false
        hint = null
        evaluation = null
        record = null
        leaveReview()
        onGameChanged()
    }

    private fun onGameChanged() {
        gameVersion++
        moves = repository.moveList()
        currentTurn = repository.currentTurn()
        reviewTurns = repository.reviewPosition(0)?.turns?.toInt() ?: 0
        reviewAt?.let { if (it > reviewTurns) reviewAt = reviewTurns }
    }

    /** The live state with the move list, the review position, the hint and the evaluation. */
    private fun decorate(live: GameUiState, snapshot: Snapshot): GameUiState {
        val names = PlayerNames(snapshot.config.mode)
        val at = reviewAt
        val position = at?.let { repository.reviewPosition(it) }
        val over = snapshot.outcome != null
        val highlighted = if (position != null) position.turn.toInt() - 1 else currentTurn
        val pending = currentTurn.takeIf { !over && position == null }
        val moveList = ReviewUiMapper.moveList(moves, reviewTurns, highlighted, pending, snapshot.toMove, movesOpen, names)
        val shownHint = hint.takeIf { hintVersion == gameVersion && position == null }
        val hintsUsed = repository.hintsUsed()
        var state = live.copy(
            moves = moveList,
            canHint = position == null && !over && !snapshot.computerThinking && snapshot.toMove != names.computer,
            hintBusy = hintBusy,
            hintsUsed = hintsUsed,
            result = live.result?.copy(hintsUsed = hintsUsed),
            showEvaluation = settings.current.evaluationBar && position == null,
            evaluation = evaluation?.let { ReviewUiMapper.evaluation(it, names) },
            record = record?.let { RecordUi(it, hintsUsed) },
            board = if (shownHint != null) ReviewUiMapper.withHint(live.board, shownHint) else live.board,
        )
        if (position != null) {
            val (caption, toPlay) = ReviewUiMapper.caption(position, moves, names)
            val (p1, p2) = ReviewUiMapper.reviewPanels(live, position, names)
            state = state.copy(
                board = ReviewUiMapper.reviewBoard(live.board, position, names),
                p1 = p1,
                p2 = p2,
                toMove = position.toMove,
                status = text(StringKey.ReviewStatus),
                prompt = UiText.Joined(listOf(caption, toPlay)),
                message = reviewMessage,
                showResult = false,
                timer = live.timer?.copy(running = false),
                review = ReviewUi(
                    position = position.turn.toInt(),
                    turns = position.turns.toInt(),
                    caption = caption,
                    toPlay = toPlay,
                    canBack = position.turn > 0u,
                    canForward = position.turn < position.turns,
                    canPlayFromHere = position.turn < position.turns,
                    message = reviewMessage,
                ),
            )
        }
        return state
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
        syncSession()
        val previous = rendered
        val changes = repository.takeChanges()
        // a resignation changes the game without a board change
        val moved = previous != null && (previous.outcome != snapshot.outcome || previous.actionCount != snapshot.actionCount)
        if (changes.isNotEmpty() || moved) onGameChanged()
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
        state.value = decorate(GameUiMapper.map(snapshot, transient), snapshot)
        maybeEvaluate(snapshot.computerThinking)
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
            else -> motionEffect(motions, formedLine)
        }
        effect?.let(effectFlow::tryEmit)
    }

    private companion object {
        /** The Hint button's search: about a second at full strength (issue 12). */
        const val HINT_MS = 1_000

        /** The evaluation bar's search after each turn: short, it runs beside the game. */
        const val EVALUATION_MS = 400
    }
}
