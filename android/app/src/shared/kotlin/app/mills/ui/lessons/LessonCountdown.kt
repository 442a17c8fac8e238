package app.mills.ui.lessons

import app.mills.game.TimerUi
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import uniffi.mills_ffi.Player

/**
 * A timer lesson's countdown. Unlike a game's turn timer (the engine's), a lesson's runs in the
 * app: it counts in lesson milliseconds ([secondMs] real ones a second, shortened by tests),
 * holds what is left while it is stopped, and calls [onTimeUp] on [scope] when it runs out.
 * Call it from the main thread ([scope]'s).
 */
internal class LessonCountdown(
    private val scope: CoroutineScope,
    private val secondMs: Long,
    private val onTimeUp: () -> Unit,
) {
    private var job: Job? = null
    private var totalMs = 0L
    private var learner = Player.P1

    /** The time left when the countdown last started or stopped (`null`: no countdown). */
    private var leftMs: Long? = null
    private var sinceNanos = 0L

    /** The countdown as the ring draws it; `null` when there is none. */
    var timer: TimerUi? = null
        private set

    /** A countdown of [totalMs] for [learner] from its full time, running if [run]. */
    fun start(totalMs: Long, learner: Player, run: Boolean) {
        stop()
        this.totalMs = totalMs
        this.learner = learner
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
        timer = TimerUi(learner, remainingMs = left, totalMs = totalMs, running = run, stampNanos = sinceNanos)
        if (run) {
            job = scope.launch {
                delay(left * secondMs / 1_000)
                job = null
                stop()
                onTimeUp()
            }
        }
    }

    /** No countdown (the lesson solved, closed, or its time up). */
    fun stop() {
        job?.cancel()
        job = null
        timer = null
        leftMs = null
    }
}
