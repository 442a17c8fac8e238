package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.BoardChange
import uniffi.mills_ffi.BoardSession
import uniffi.mills_ffi.Snapshot

/**
 * The one reader of a board's changes, whichever session is behind it (a game, a lesson, a
 * puzzle, an online room): each [refresh] reads the engine's `changesSince(revision)`, the
 * changes and the snapshot they lead to at one moment, so nothing is ever guessed from two
 * snapshots. The changes wait in [takeChanges] for the screen to animate them; [snapshot] is
 * the board to draw.
 *
 * It follows one board at a time: [follow] drops everything the previous board told and has
 * not been taken, so nothing of one session (or room) is ever drawn on the next. Call it from
 * the main thread.
 */
class BoardFeed {
    private var board: BoardSession? = null
    private val pending = mutableListOf<BoardChange>()
    private val snapshotState = MutableStateFlow<Snapshot?>(null)

    /** The board's latest snapshot; `null` while no board is followed. */
    val snapshot: StateFlow<Snapshot?> = snapshotState.asStateFlow()

    /** The revision [snapshot] shows: the next read asks for the changes after it. */
    var revision = 0uL
        private set

    /**
     * Follows [next] from now on (`null`: none), freeing the board followed so far. With
     * [redraw], the first read is one reset that draws the whole board; without, it starts
     * from the board as it stands (nothing to animate until something changes).
     */
    fun follow(next: BoardSession?, redraw: Boolean = true) {
        board?.close()
        board = next
        pending.clear()
        revision = if (redraw || next == null) 0uL else next.snapshot().revision
        snapshotState.value = null
        refresh()
    }

    /** Reads what changed since the last read: the changes wait for [takeChanges]. */
    fun refresh() {
        val b = board ?: return
        val batch = b.changesSince(revision)
        revision = batch.revision
        pending += batch.changes
        snapshotState.value = batch.snapshot
    }

    /** The board changes read and not yet taken, oldest first (a reset first after a redraw). */
    fun takeChanges(): List<BoardChange> = pending.toList().also { pending.clear() }
}
