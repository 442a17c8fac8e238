package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.TablesListener
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.tablesPrepare
import uniffi.mills_ffi.tablesStatus
import java.io.File
import java.io.IOException
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread

/**
 * The engine's endgame tables (docs/ai.md, "Tables ready at once"): prepared once per process
 * into [directory] — read and checked, unpacked from the [pack] the app ships the first time
 * (well under a second), or built on the engine's own thread without one — and then used by
 * every game session. [state] is what the Settings line and the puzzles' progress show.
 */
class EndgameTablesRepository(
    private val directory: File,
    /** Pieces a side: 4 in the apps; tests use 3 (built in seconds). */
    private val maxPieces: UByte = 4u,
    /** The pack the app ships; `null`: a missing game's tables are built instead. */
    private val pack: ShippedTablesPack? = null,
) {
    private val mutableState = MutableStateFlow<TablesState>(TablesState.NotPrepared)
    val state: StateFlow<TablesState> = mutableState.asStateFlow()

    private val started = AtomicBoolean(false)

    // Called on the engine's thread: a StateFlow may be set from any thread.
    private val listener = object : TablesListener {
        override fun onTablesState(state: TablesState) {
            mutableState.value = state
            if (state !is TablesState.Preparing) pack?.deleteCopy()
        }
    }

    /** Starts the preparation (once); returns at once, the work runs off the main thread. */
    fun start() {
        if (!started.compareAndSet(false, true)) return
        // preparing from this moment on: a screen that needs the tables shows the progress and
        // waits, rather than finding them "not ready" before the first report
        mutableState.value = STARTING
        // The directory, the files' check and the pack's copy are disk work: not on the main thread.
        thread(name = "mills-tables-start", isDaemon = true) {
            try {
                val packPath = packIfNeeded()?.path
                val preparation = tablesPrepare(directory.path, maxPieces, listener, packPath)
                // the listener hears changes only: the state it starts in ("preparing", or
                // "ready" when the files were there) is read here, unless a report came first
                mutableState.compareAndSet(STARTING, preparation.state())
            } catch (e: MillsException) {
                pack?.deleteCopy()
                mutableState.value = TablesState.Failed(e.message ?: "")
            }
        }
    }

    /**
     * The pack copied out for the engine, when a game's file is missing (the first launch, or
     * the files were deleted); `null` when every file is there or the copy failed (the engine
     * then builds what is missing, as without a pack).
     */
    private fun packIfNeeded(): File? {
        val shipped = pack ?: return null
        if (tablesStatus(directory.path).games.all { it.fileBytes != null }) return null
        return try {
            shipped.copyOut()
        } catch (e: IOException) {
            shipped.deleteCopy()
            null
        }
    }

    private companion object {
        /** The state between start() and the engine's first word. */
        val STARTING: TablesState = TablesState.Preparing(0u, null)
    }
}
