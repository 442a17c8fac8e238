package app.mills.ui.game

import app.mills.data.GameRepository
import app.mills.data.RecordSharing
import app.mills.data.RecordToConfirm
import app.mills.data.checkRecord
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.RecordDetails
import uniffi.mills_ffi.TextRecord

/**
 * Game records (the engine's text format, docs/records.md): the record sheet of the game in
 * progress (copied or shared through the platform's [sharing]), and records opened from outside,
 * read whole before anything is loaded. Call it from the main thread.
 */
class GameRecords(
    private val repository: GameRepository,
    private val sharing: RecordSharing,
) {
    private val recordState = MutableStateFlow<String?>(null)
    private val importErrorState = MutableStateFlow<UiText?>(null)
    private val recordToConfirmState = MutableStateFlow<RecordToConfirm?>(null)

    /** The exported record, while its sheet is open. */
    val record: StateFlow<String?> = recordState.asStateFlow()

    /** Why the last record could not be opened (shown over any screen until dismissed). */
    val importError: StateFlow<UiText?> = importErrorState.asStateFlow()

    /** A good record that would end the unfinished game: asked first, over any screen. */
    val recordToConfirm: StateFlow<RecordToConfirm?> = recordToConfirmState.asStateFlow()

    /** The game as text with today's date in its header; false (the engine's error kept) if it failed. */
    fun export(): Boolean {
        val text = repository.exportRecord(RecordDetails(date = java.time.LocalDate.now().toString())) ?: return false
        recordState.value = text
        return true
    }

    /** The sheet is closed (or the game it showed is gone). */
    fun close() {
        recordState.value = null
    }

    /** Puts the record on the clipboard; false if no sheet is open. */
    fun copy(): Boolean {
        val text = recordState.value ?: return false
        sharing.copy(text)
        return true
    }

    /** Hands the record to the platform's share sheet; [subject] is already in the user's language. */
    fun share(subject: String) {
        recordState.value?.let { sharing.share(it, subject) }
    }

    /**
     * Reads [text] as a record and, if good, makes its game the one in progress. A bad record
     * loads nothing and [importError] says why; a good one that would end an unfinished game
     * (the engine's `unfinished`) waits in [recordToConfirm], unless [replaceUnfinished].
     * Returns the record read if its game is now the one in progress.
     */
    fun open(text: String, replaceUnfinished: Boolean): TextRecord? {
        val unfinished = if (replaceUnfinished) null else repository.savedGame()?.takeIf { it.unfinished }
        recordToConfirmState.value = null
        val opened = if (unfinished == null) repository.openRecord(text) else checkRecord(text)
        val read = opened.getOrElse { e ->
            importErrorState.value = (e as? MillsException)?.toUiText() ?: text(StringKey.ErrorRecordInvalid)
            return null
        }
        importErrorState.value = null
        if (unfinished != null) {
            recordToConfirmState.value = RecordToConfirm(text, unfinished)
            return null
        }
        recordState.value = null
        return read
    }

    /** The clipboard's text, or `null` with [importError] saying it holds none. */
    fun paste(): String? {
        val text = sharing.paste()
        if (text.isNullOrBlank()) {
            importErrorState.value = text(StringKey.ImportClipboardEmpty)
            return null
        }
        return text
    }

    /** No record came from the file: nothing waits to be confirmed, and [importError] says why. */
    fun refuseFile(reason: StringKey) {
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
}
