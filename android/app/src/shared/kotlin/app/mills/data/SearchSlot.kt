package app.mills.data

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.sync.Mutex
import kotlinx.coroutines.sync.withLock
import kotlinx.coroutines.withContext
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import java.util.concurrent.atomic.AtomicInteger

/**
 * The session's one search slot, for hints and evaluations: they block their thread for up to
 * their time limit, so they run on [background], and one at a time, because the engine's hint
 * and evaluation share one cancel token (a second search started beside a first would end it).
 */
internal class SearchSlot(private val background: CoroutineDispatcher) {
    private val searching = Mutex()

    /**
     * Counts [cancel] calls: a search asked for before the latest one does not start (the
     * engine's cancel only reaches a search already running). Read on [background].
     */
    private val cancels = AtomicInteger()

    /** Marks every search asked for so far as cancelled; the caller cancels the running one. */
    fun cancel() {
        cancels.incrementAndGet()
    }

    /** Runs [call] on [session] once the slot is free: `null` if cancelled meanwhile or the session is gone. */
    suspend fun <T> run(session: GameSession, call: (GameSession) -> T): Result<T?> {
        val asked = cancels.get()
        return searching.withLock {
            withContext(background) {
                try {
                    if (asked != cancels.get()) return@withContext Result.success(null)
                    Result.success(call(session))
                } catch (e: MillsException) {
                    Result.failure(e)
                } catch (e: IllegalStateException) {
                    // the session was closed (replaced) before the search began: nothing to show
                    Result.success(null)
                }
            }
        }
    }
}
