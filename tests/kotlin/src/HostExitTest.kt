// A JVM host ending while the library's threads call into it: every run must exit with the
// status the program gives, whether it calls System.exit, closes its sessions first, or
// simply returns from main.
package millstest

import java.io.File
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionEvent
import uniffi.mills_ffi.SessionListener
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TurnTimer

/** Answers every computer turn with human taps, on the thread that reported it. */
class KeepPlaying : SessionListener {
    @Volatile var session: GameSession? = null
    val events = AtomicInteger()
    private val random = Lcg(System.nanoTime())

    override fun onEvent(event: SessionEvent) {
        events.incrementAndGet()
        val session = session ?: return
        try {
            if (event is SessionEvent.GameOver) {
                session.newGame()
                return
            }
            repeat(8) {
                val snap = session.snapshot()
                if (snap.outcome != null || snap.computerThinking) return
                val targets = snap.points.filter { it.target }.map { it.name }
                if (targets.isEmpty()) return
                session.tap(targets[random.next(targets.size)])
            }
        } catch (_: MillsException) {
            // The session was shut down under us: nothing more to play.
        }
    }
}

/**
 * The program each run starts: `HostExitProgram STATUS SESSIONS MILLIS exit|close|return`.
 * Creates sessions against the computer (level 1, computer first) whose listeners keep the
 * games going, waits for the first event and `MILLIS` more, then ends as told.
 */
object HostExitProgram {
    @JvmStatic
    fun main(args: Array<String>) {
        val status = args[0].toInt()
        val count = args[1].toInt()
        val millis = args[2].toLong()
        val ending = args[3]
        val games = listOf(GameId.ZHIQI, GameId.LINKED_HORSE, GameId.TWELVE_MENS_MORRIS)
        val listeners = List(count) { KeepPlaying() }
        val sessions = listeners.mapIndexed { i, listener ->
            val config = SessionConfig(games[i % 3], GameMode.VsComputer(Player.P1, 1u), TurnTimer.OFF)
            GameSession(config, SessionOptions(seed = i.toULong()), listener).also { listener.session = it }
        }
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30)
        while (listeners.sumOf { it.events.get() } == 0) {
            if (System.nanoTime() > deadline) exitProcess(100)
            Thread.sleep(5)
        }
        Thread.sleep(millis)
        when (ending) {
            "exit" -> exitProcess(status)
            "close" -> {
                sessions.forEach { it.shutDown() }
                val after = listeners.map { it.events.get() }
                Thread.sleep(50)
                if (listeners.map { it.events.get() } != after) exitProcess(101)
                sessions.forEach { it.close() }
                exitProcess(status)
            }
            else -> return // main returns while the sessions play on (status 0)
        }
    }
}

class HostExitTest {
    private val runs = System.getenv("MILLS_HOST_EXIT_RUNS")?.toIntOrNull() ?: 20

    /** Runs the program [runs] times; every run must end by itself with [expected]. */
    private fun runMany(expected: Int, vararg args: String) {
        val java = File(System.getProperty("java.home"), "bin/java").path
        val command = listOf(
            java,
            "-Djna.library.path=" + System.getProperty("jna.library.path"),
            "-cp",
            System.getProperty("java.class.path"),
            "millstest.HostExitProgram",
            expected.toString(),
        ) + args
        val statuses = (1..runs).map { run ->
            val log = File.createTempFile("mills-host-exit", ".log")
            val process = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start()
            val ended = process.waitFor(120, TimeUnit.SECONDS)
            if (!ended) process.destroyForcibly().waitFor()
            val status = if (ended) process.exitValue() else -1
            if (status != expected) println("run $run of ${args.toList()}: status $status\n${log.readText()}")
            log.delete()
            status
        }
        assertEquals(List(runs) { expected }, statuses, "exit statuses of ${args.toList()}")
    }

    @Test
    fun exitWhileTheComputerIsPlaying() = runMany(7, "4", "300", "exit")

    @Test
    fun shutDownThenExit() = runMany(3, "4", "300", "close")

    @Test
    fun mainReturnsWhileSessionsPlayOn() = runMany(0, "4", "100", "return")

    @Test
    fun aShutDownSessionRefusesCommandsAndAnswersQueries() {
        val listener = KeepPlaying()
        val config = SessionConfig(GameId.ZHIQI, GameMode.VsComputer(Player.P2, 1u), TurnTimer.SECONDS30)
        val session = GameSession(config, SessionOptions(manualClock = true, manualComputer = true), listener)
        session.tap("d6")
        session.shutDown()
        assertTrue(session.isShutDown())
        assertThrows<MillsException.SessionClosed> { session.tap("a7") }
        assertThrows<MillsException.SessionClosed> { session.undo() }
        session.newGame() // does nothing after shut-down: the game below is unchanged
        assertThrows<MillsException.SessionClosed> { session.runComputerTurnNow() }
        session.pause()
        session.resume()
        assertEquals(null, session.tick())
        session.shutDown()
        assertEquals(listOf("d6"), session.actions())
        assertEquals(false, session.snapshot().timerRunning)
        session.close()
    }
}
