package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.TablesListener
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.tablesPrepare
import java.io.File
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread

/**
 * The engine's endgame tables (docs/ai.md, "Shipping the tables"): prepared once per process
 * into [directory] — read and checked, or built on the engine's own thread the first time —
 * and then used by every game session. [state] is what the Settings line shows.
 */
class EndgameTablesRepository(
    private val directory: File,
    /** Pieces a side: 4 in the apps; tests use 3 (built in seconds). */
    private val maxPieces: UByte = 4u,
) {
    private val mutableState = MutableStateFlow<TablesState>(TablesState.NotPrepared)
    val state: StateFlow<TablesState> = mutableState.asStateFlow()

    private val started = AtomicBoolean(false)

    // Called on the engine's thread: a StateFlow may be set from any thread.
    private val listener = object : TablesListener {
        override fun onTablesState(state: TablesState) {
            mutableState.value = state
        }
    }

    /** Starts the preparation (once); returns at once, the work runs off the main thread. */
    fun start() {
        if (!started.compareAndSet(false, true)) return
        // Creating the directory is disk work too: not on the main thread.
        thread(name = "mills-tables-start", isDaemon = true) {
            try {
                val preparation = tablesPrepare(directory.path, maxPieces, listener)
                // the listener hears changes only: the state it starts in ("preparing", or
                // "ready" when the files were there) is read here, unless a report came first
                mutableState.compareAndSet(TablesState.NotPrepared, preparation.state())
            } catch (e: MillsException) {
                mutableState.value = TablesState.Failed(e.message ?: "")
            }
        }
    }
}
