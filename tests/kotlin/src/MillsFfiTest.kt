// The generated Kotlin bindings against the host library, on the JVM (JNA + JUnit 5).
package millstest

import java.nio.file.Files
import java.util.Collections
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.Change
import uniffi.mills_ffi.Counter
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.NextStep
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.Refusal
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionEvent
import uniffi.mills_ffi.SessionListener
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.coreVersion
import uniffi.mills_ffi.gameInfo
import uniffi.mills_ffi.levels
import uniffi.mills_ffi.panicForTests
import uniffi.mills_ffi.pointNames
import uniffi.mills_ffi.readSavedGame
import uniffi.mills_ffi.rulesText
import uniffi.mills_ffi.statsLoad
import uniffi.mills_ffi.timerChoices

/** Collects events with the thread they arrived on. */
class Recorder : SessionListener {
    val events: MutableList<Pair<SessionEvent, Thread>> = Collections.synchronizedList(mutableListOf())
    @Volatile var latch = CountDownLatch(1)

    override fun onEvent(event: SessionEvent) {
        events.add(event to Thread.currentThread())
        latch.countDown()
    }

    fun computerMoves() = events.filter { it.first is SessionEvent.ComputerMoved }
}

/** Deterministic choices without java.util.Random's global state. */
class Lcg(private var state: Long) {
    fun next(n: Int): Int {
        state = state * 6364136223846793005L + 1442695040888963407L
        return ((state ushr 33) % n).toInt()
    }
}

class MillsFfiTest {
    private fun passAndPlay(game: GameId, timer: TurnTimer = TurnTimer.OFF) =
        SessionConfig(game, GameMode.PassAndPlay, timer)

    private fun vsComputer(game: GameId, computer: Player, level: Int) =
        SessionConfig(game, GameMode.VsComputer(computer, level.toUByte()), TurnTimer.SECONDS60)

    /** Options for deterministic tests: the fake clock, computer turns run by the test. */
    private val manual = SessionOptions(manualClock = true, manualComputer = true, seed = 7uL)

    private fun targets(session: GameSession) =
        session.snapshot().points.filter { it.target }.map { it.name }

    /** Taps targets until the game ends; the computer's turns run when it is to move. */
    private fun playOut(session: GameSession, seed: Long): Int {
        val rng = Lcg(seed)
        var taps = 0
        while (true) {
            val snap = session.snapshot()
            if (snap.outcome != null) {
                assertEquals(NextStep.GameOver, snap.next)
                return taps
            }
            if (snap.computerThinking) {
                assertTrue(session.runComputerTurnNow().isNotEmpty())
                continue
            }
            val choices = snap.points.filter { it.target }
            assertTrue(choices.isNotEmpty(), "no target: $snap")
            val result = session.tap(choices[rng.next(choices.size)].name)
            assertFalse(result.step is TapStep.Refused, "refused: $result")
            taps += 1
            assertTrue(taps < 20_000, "the game does not end")
        }
    }

    @Test
    fun fullGameOfEachVariantThroughTaps() {
        for ((i, game) in GameId.values().withIndex()) {
            GameSession(passAndPlay(game), manual).use { session ->
                val taps = playOut(session, 11L + i)
                val snap = session.snapshot()
                val outcome = checkNotNull(snap.outcome) { "no outcome" }
                println("$game: ${snap.actionCount} actions, $taps taps, ${outcome.reason} ${outcome.winner}")
                assertTrue(taps > 20)
                assertTrue(snap.points.none { it.target })
                val refused = session.tap("d6")
                assertEquals(TapResult(TapStep.Refused(Refusal.GameOver), null), refused)
            }
        }
    }

    @Test
    fun fullGameAgainstTheComputer() {
        GameSession(vsComputer(GameId.TWELVE_MENS_MORRIS, Player.P2, 1), manual).use { session ->
            playOut(session, 5)
            assertNotNull(session.snapshot().outcome)
        }
    }

    @Test
    fun tapInteraction() {
        GameSession(passAndPlay(GameId.ZHIQI), manual).use { session ->
            val start = session.snapshot()
            assertEquals(NextStep.Place, start.next)
            assertEquals(24, start.points.count { it.target })
            assertEquals(pointNames(), start.points.map { it.name })
            val placed = session.tap("d6").step as TapStep.Played
            assertEquals("d6", placed.action)
            assertTrue(placed.turnEnded)
            val refused = session.tap("d6").step as TapStep.Refused
            assertEquals(Refusal.Occupied("d6"), refused.refusal)
            assertThrows<MillsException.InvalidPoint> { session.tap("d4") }
            val snap = session.snapshot()
            assertEquals(Player.P1, snap.points.first { it.name == "d6" }.owner)
            assertEquals(11.toUByte(), snap.p1.inHand)
            assertEquals(listOf("d6"), snap.lastTurn)
            assertTrue(snap.canUndo)
        }
    }

    @Test
    fun computerMoveArrivesOnItsListenerFromABackgroundThread() {
        val recorder = Recorder()
        val options = SessionOptions(manualClock = true, seed = 3uL)
        GameSession(vsComputer(GameId.LINKED_HORSE, Player.P1, 2), options, recorder).use { session ->
            assertTrue(recorder.latch.await(30, TimeUnit.SECONDS), "no computer move")
            val (event, thread) = recorder.events.first()
            val moved = event as SessionEvent.ComputerMoved
            assertEquals(Player.P1, moved.player)
            assertEquals(1, moved.actions.size)
            assertNotEquals(Thread.currentThread(), thread)
            val snap = session.snapshot()
            assertFalse(snap.computerThinking)
            assertEquals(Player.P2, snap.toMove)
            assertEquals(moved.actions, snap.lastTurn)
            println("computer played ${moved.actions} on thread '${thread.name}'")
        }
    }

    @Test
    fun undoNewGameAndCloseCancelTheComputer() {
        val recorder = Recorder()
        val options = SessionOptions(manualClock = true, seed = 5uL)
        // Level 10 searches for over a second: long enough to be cancelled.
        val session = GameSession(vsComputer(GameId.ZHIQI, Player.P2, 10), options, recorder)
        session.tap("d6")
        assertTrue(session.snapshot().computerThinking)
        session.undo()
        assertFalse(session.snapshot().computerThinking)
        assertEquals(0u, session.snapshot().actionCount)
        session.tap("a1")
        session.newGame()
        session.tap("g7")
        assertTrue(session.snapshot().computerThinking)
        session.close()
        Thread.sleep(2_500)
        assertEquals(emptyList<Pair<SessionEvent, Thread>>(), recorder.computerMoves())
    }

    @Test
    fun timeoutWithAFakeClock() {
        val recorder = Recorder()
        GameSession(passAndPlay(GameId.ZHIQI, TurnTimer.SECONDS15), manual, recorder).use { session ->
            assertEquals(15_000uL, session.snapshot().timeLeftMs)
            assertNull(session.advanceClockForTests(14_999uL))
            assertEquals(1uL, session.snapshot().timeLeftMs)
            val before = session.snapshot().revision
            assertEquals(Player.P1, session.advanceClockForTests(1uL))
            val timedOut = recorder.events.single().first as SessionEvent.TurnTimedOut
            assertEquals(Player.P1, timedOut.player)
            val changes = session.board().changesSince(before)
            val passed = changes.changes.single()
            assertEquals(Change.Passed(Player.P1), passed.change)
            assertEquals("pass", passed.action)
            assertTrue(passed.turnEnded)
            assertEquals(session.snapshot(), changes.snapshot)
            val snap = session.snapshot()
            assertEquals(Player.P2, snap.toMove)
            assertEquals(12.toUByte(), snap.p1.inHand, "a skipped placement keeps the piece")
            assertEquals(listOf("pass"), snap.lastTurn)
            assertEquals(15_000uL, snap.timeLeftMs)
            session.pause()
            assertNull(session.advanceClockForTests(60_000uL))
            assertTrue(session.snapshot().paused)
            session.resume()
            assertEquals(Player.P2, session.advanceClockForTests(15_000uL))
        }
        // Without the test clock the hook is refused, not silently ignored.
        GameSession(passAndPlay(GameId.ZHIQI), SessionOptions(timerThread = false)).use { session ->
            assertThrows<MillsException.NotAvailable> { session.advanceClockForTests(1uL) }
        }
    }

    @Test
    fun saveAndRestore() {
        GameSession(passAndPlay(GameId.TWELVE_MENS_MORRIS, TurnTimer.SECONDS30), manual).use { session ->
            for (p in listOf("a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7")) {
                session.tap(p)
            }
            assertEquals(NextStep.Capture(1u), session.snapshot().next)
            session.advanceClockForTests(10_000uL)
            val json = session.save()
            assertTrue(json.contains("\"version\": 1"), json)
            GameSession.restore(json, manual).use { restored ->
                val a = session.snapshot()
                val b = restored.snapshot()
                assertEquals(a.points, b.points)
                assertEquals(a.p1, b.p1)
                assertEquals(a.p2, b.p2)
                assertEquals(a.next, b.next)
                assertEquals(20_000uL, b.timeLeftMs)
                assertEquals(session.actions(), restored.actions())
                assertEquals(TurnTimer.SECONDS30, restored.config().timer)
            }
        }
    }

    @Test
    fun corruptSavesAreRejectedWithTheRightError() {
        val json = GameSession(passAndPlay(GameId.ZHIQI), manual).use { session ->
            session.tap("d6")
            session.tap("d5")
            session.save()
        }
        assertThrows<MillsException.CorruptSave> { GameSession.restore("{\"format\": \"mills", manual) }
        assertThrows<MillsException.CorruptSave> { GameSession.restore("[1, 2, 3]", manual) }
        assertThrows<MillsException.CorruptSave> {
            GameSession.restore(json.replace("\"zhiqi\"", "\"chess\""), manual)
        }
        val version = assertThrows<MillsException.UnknownSaveVersion> {
            GameSession.restore(json.replace("\"version\": 1", "\"version\": 99"), manual)
        }
        assertEquals(99uL, version.found)
        assertEquals(1u, version.supported)
        val illegal = assertThrows<MillsException.IllegalSavedAction> {
            GameSession.restore(json.replace("\"d5\"", "\"d6\""), manual)
        }
        assertEquals(1uL, illegal.index)
        assertEquals("d6", illegal.action)
        assertTrue(illegal.reason.contains("occupied"), illegal.reason)
    }

    @Test
    fun autosaveAndStatisticsFiles() {
        val dir = Files.createTempDirectory("mills-kotlin")
        val save = dir.resolve("current.json").toString()
        val stats = dir.resolve("stats.json").toString()
        val options = SessionOptions(
            autosavePath = save, statsPath = stats, seed = 1uL, manualClock = true, manualComputer = true,
        )
        GameSession(vsComputer(GameId.ZHIQI, Player.P2, 4), options).use { session ->
            assertTrue(session.tap("d6").step is TapStep.Played)
            session.runComputerTurnNow()
            assertTrue(session.tap(targets(session).first()).step is TapStep.Played)
            val text = checkNotNull(readSavedGame(save)) { "no autosave" }
            GameSession.restore(text, manual).use { restored ->
                assertEquals(3u, restored.snapshot().actionCount)
                assertTrue(restored.snapshot().computerThinking)
            }
            assertEquals(Player.P1, session.resign())
        }
        val entry = statsLoad(stats).single()
        assertEquals(GameId.ZHIQI, entry.game)
        assertEquals(4.toUByte(), entry.level)
        assertEquals(1u, entry.losses)
        assertNull(readSavedGame(dir.resolve("none.json").toString()))
    }

    @Test
    fun panicFreeErrorPaths() {
        println("(a 'deliberate test panic' report below is expected)")
        val panic = assertThrows<MillsException.Internal> { panicForTests("deliberate test panic") }
        assertTrue(panic.reason.contains("deliberate test panic"), panic.reason)
        // The library still works after a caught panic.
        assertTrue(coreVersion().isNotEmpty())
        GameSession(passAndPlay(GameId.LINKED_HORSE), manual).use { session ->
            assertThrows<MillsException.InvalidLevel> { session.setLevel(11u) }
            assertThrows<MillsException.NothingToUndo> { session.undo() }
            assertThrows<MillsException.NotComputersTurn> { session.runComputerTurnNow() }
            assertThrows<MillsException.InvalidLevel> {
                GameSession(vsComputer(GameId.ZHIQI, Player.P2, 0), manual)
            }
            session.resign()
            assertThrows<MillsException.GameOver> { session.resign() }
        }
    }

    @Test
    fun aThrowingListenerDoesNotBreakTheSession() {
        val calls = java.util.concurrent.atomic.AtomicInteger()
        val throwing = object : SessionListener {
            override fun onEvent(event: SessionEvent) {
                calls.incrementAndGet()
                throw IllegalStateException("listener bug")
            }
        }
        GameSession(passAndPlay(GameId.ZHIQI, TurnTimer.SECONDS15), manual, throwing).use { session ->
            println("(a 'listener bug' report below is expected)")
            assertEquals(Player.P1, session.advanceClockForTests(15_000uL))
            assertEquals(1, calls.get())
            assertEquals(Player.P2, session.snapshot().toMove)
            assertTrue(session.tap("d6").step is TapStep.Played)
        }
    }

    @Test
    fun rulesTextWithEnglishFallback() {
        val zh = rulesText(GameId.ZHIQI, "zh_CN")
        assertEquals("zh-Hans", zh.locale)
        assertEquals("十二子直棋", zh.name)
        for (tag in listOf("zh-Hant-TW", "zh-TW", "zh-HK", "zh_MO")) {
            val hant = rulesText(GameId.LINKED_HORSE, tag)
            assertEquals("zh-Hant", hant.locale, tag)
            assertEquals("連環馬棋", hant.name, tag)
        }
        val fr = rulesText(GameId.LINKED_HORSE, "fr-FR")
        assertEquals("en", fr.locale)
        assertEquals("Linked-Horse", fr.name)
        assertTrue(fr.sections.isNotEmpty() && fr.sections.all { it.paragraphs.isNotEmpty() })
    }

    /** Draws a board of owners from changes only, the way the apps animate them. */
    private fun replay(board: MutableMap<String, Player?>, change: Change) {
        when (change) {
            is Change.Placed -> board[change.point] = change.player
            is Change.Pinned -> board[change.point] = change.player
            is Change.Stepped -> {
                assertEquals(change.player, board[change.from])
                board[change.from] = null
                board[change.to] = change.player
            }
            is Change.Captured -> board[change.point] = null
            is Change.Pulled -> board[change.point] = null
            is Change.Stabled -> board[change.point] = null
            is Change.Passed -> {}
            is Change.Reset -> {
                board.clear()
                change.snapshot.points.forEach { board[it.name] = it.owner }
            }
        }
    }

    @Test
    fun changesSinceReplaysEveryGameToItsSnapshot() {
        for ((i, game) in GameId.values().withIndex()) {
            GameSession(passAndPlay(game), manual).use { session ->
                val board = mutableMapOf<String, Player?>()
                var revision = 0uL
                val kinds = mutableSetOf<String>()
                val rng = Lcg(40L + i)
                while (true) {
                    val batch = session.board().changesSince(revision)
                    for (c in batch.changes) {
                        assertTrue(c.revision > revision, "revisions only grow")
                        revision = c.revision
                        replay(board, c.change)
                        kinds += c.change::class.simpleName!!
                    }
                    assertEquals(revision, batch.revision)
                    val drawn = batch.snapshot.points.associate { it.name to it.owner }
                    assertEquals(drawn, board.toMap(), "$game")
                    if (batch.snapshot.outcome != null) break
                    val choices = targets(session)
                    val tapped = session.tap(choices[rng.next(choices.size)])
                    assertNull(tapped.verdict, "a local game adds no verdict")
                    val result = tapped.step
                    val next = session.board().changesSince(revision)
                    if (result is TapStep.Played) {
                        assertTrue(next.changes.all { it.action == result.action }, "$result: ${next.changes}")
                        assertEquals(result.turnEnded, next.changes.last().turnEnded)
                    } else {
                        assertTrue(next.changes.isEmpty(), "a selection changes no piece")
                    }
                }
                assertTrue(session.board().changesSince(revision).changes.isEmpty())
                val taking = when (game) {
                    GameId.ZHIQI -> "Pinned"
                    GameId.LINKED_HORSE -> "Stabled"
                    GameId.TWELVE_MENS_MORRIS -> "Captured"
                }
                assertTrue(kinds.containsAll(listOf("Reset", "Placed", taking)), "$game: $kinds")
            }
        }
    }

    @Test
    fun undoAndRedoArriveAsResets() {
        GameSession(passAndPlay(GameId.TWELVE_MENS_MORRIS), manual).use { session ->
            session.tap("d6")
            val before = session.snapshot().revision
            session.undo()
            val undone = session.board().changesSince(before)
            val reset = undone.changes.single().change as Change.Reset
            assertNull(reset.snapshot.points.first { it.name == "d6" }.owner)
            session.redo()
            val again = session.board().changesSince(undone.revision).changes.single().change as Change.Reset
            assertEquals(Player.P1, again.snapshot.points.first { it.name == "d6" }.owner)
        }
    }

    @Test
    fun theComputersChangesAreReadFromChangesSinceAfterItsEvent() {
        val recorder = Recorder()
        GameSession(vsComputer(GameId.ZHIQI, Player.P2, 1), manual, recorder).use { session ->
            session.tap("d6")
            val before = session.snapshot().revision
            val actions = session.runComputerTurnNow()
            val moved = recorder.computerMoves().single().first as SessionEvent.ComputerMoved
            assertEquals(actions, moved.actions)
            val changes = session.board().changesSince(before)
            assertEquals(actions, changes.changes.map { it.action })
            assertEquals(session.snapshot(), changes.snapshot)
        }
    }

    @Test
    fun gameFactsLevelsAndTimerComeFromTheEngine() {
        val zhiqi = gameInfo(GameId.ZHIQI)
        assertEquals(12.toUByte(), zhiqi.piecesEach)
        assertEquals(listOf(Counter.IN_HAND, Counter.ON_BOARD, Counter.PINS), zhiqi.panel.map { it.counter })
        assertEquals(24, zhiqi.points.size)
        assertEquals(40, zhiqi.edges.size)
        assertEquals(20, zhiqi.lines.size)
        assertNull(zhiqi.stableCell)
        val horse = gameInfo(GameId.LINKED_HORSE)
        assertEquals(10.toUByte(), horse.piecesEach)
        assertTrue(horse.hasStable)
        assertNotNull(horse.stableCell)
        val all = levels()
        assertEquals(10, all.size)
        assertEquals(5.toUByte(), all.single { it.isDefault }.number)
        assertEquals("level_1", all.first().nameKey)
        val timers = timerChoices()
        assertEquals(TurnTimer.SECONDS60, timers.defaultTimer)
        assertEquals(listOf(null, 15u, 30u, 60u, 120u), timers.choices.map { it.seconds })
        GameSession(passAndPlay(GameId.ZHIQI, TurnTimer.SECONDS30), manual).use { session ->
            val snap = session.snapshot()
            assertEquals(30_000uL, snap.turnLimitMs)
            assertEquals(listOf("count_in_hand", "count_on_board", "count_pins"), snap.p1.panel.map { it.nameKey })
            assertEquals(12.toUByte(), snap.p1.panel.first().value)
        }
    }
}
