package app.mills.ui.components

import app.mills.game.TimerUi
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import uniffi.mills_ffi.Player

/**
 * A countdown the app keeps (a timer lesson's, a puzzle rush's). Unlike a game's turn timer
 * (the engine's), it runs in the app: it counts in its own milliseconds ([secondMs] real ones a
 * second, shortened by tests), holds what is left while it is stopped, and calls [onTimeUp] on
 * [scope] when it runs out. Call it from the main thread ([scope]'s).
 */
internal class Countdown(
    private val scope: CoroutineScope,
    private val secondMs: Long,
    private val onTimeUp: () -> Unit,
) {
    private var job: Job? = null
    private var totalMs = 0L
    private var player = Player.P1

    /** The time left when the countdown last started or stopped (`null`: no countdown). */
    private var leftMs: Long? = null
    private var sinceNanos = 0L

    /** The countdown as the ring draws it; `null` when there is none. */
    var timer: TimerUi? = null
        private set

    /** A countdown of [totalMs] for [player] from its full time, running if [run]. */
    fun start(totalMs: Long, player: Player, run: Boolean) {
        stop()
        this.totalMs = totalMs
        this.player = player
        leftMs = totalMs
        apply(run)
    }

    /** Runs the countdown from what is left if [run] (the screen shown, the app in front), else holds it. */
    fun apply(run: Boolean) {
        val running = job != null
        job?.cancel()
        job = null
        var left = leftMs ?: return
        if (running) {
            val elapsed = (System.nanoTime() - sinceNanos) / 1_000_000 * 1_000 / secondMs
            left = (left - elapsed).coerceAtLeast(0)
            leftMs = left
        }
        sinceNanos = System.nanoTime()
        timer = TimerUi(player, remainingMs = left, totalMs = totalMs, running = run, stampNanos = sinceNanos)
        if (run) {
            job = scope.launch {
                delay(left * secondMs / 1_000)
                job = null
                stop()
                onTimeUp()
            }
        }
    }

    /** No countdown (the lesson solved, the screen closed, or the time up). */
    fun stop() {
        job?.cancel()
        job = null
        timer = null
        leftMs = null
    }
}
