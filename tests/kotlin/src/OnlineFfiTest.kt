// Online play through the generated Kotlin bindings: two OnlineSessions against a real
// mills-server on loopback (run.sh builds it and passes MILLS_SERVER_BIN).
package millstest

import java.net.HttpURLConnection
import java.net.ServerSocket
import java.net.URI
import java.nio.file.Files
import java.nio.file.Path
import java.util.Collections
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.ConnectionState
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.OnlineEvent
import uniffi.mills_ffi.OnlineListener
import uniffi.mills_ffi.OnlineOptions
import uniffi.mills_ffi.OnlineSession
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.forgetOnlineRoom
import uniffi.mills_ffi.savedOnlineRoom

/** Collects a session's events (they arrive on the session's connection thread). */
class OnlineRecorder : OnlineListener {
    val events: MutableList<OnlineEvent> = Collections.synchronizedList(mutableListOf())
    val threads: MutableSet<String> = Collections.synchronizedSet(mutableSetOf())

    override fun onEvent(event: OnlineEvent) {
        events.add(event)
        threads.add(Thread.currentThread().name)
    }
}

class OnlineFfiTest {
    private lateinit var dir: Path
    private lateinit var server: Process
    private var port = 0

    private fun eventually(what: String, check: () -> Boolean) {
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20)
        while (!check()) {
            if (System.nanoTime() > deadline) throw AssertionError("timed out waiting for $what")
            Thread.sleep(5)
        }
    }

    private fun healthy(): Boolean = try {
        val connection = URI("http://127.0.0.1:$port/health").toURL().openConnection() as HttpURLConnection
        connection.connectTimeout = 500
        connection.readTimeout = 500
        connection.responseCode == 200
    } catch (e: java.io.IOException) {
        false
    }

    @BeforeEach
    fun startServer() {
        val bin = System.getenv("MILLS_SERVER_BIN")
            ?: throw AssertionError("MILLS_SERVER_BIN is not set (tests/kotlin/run.sh sets it)")
        dir = Files.createTempDirectory("mills-online")
        port = ServerSocket(0).use { it.localPort }
        server = ProcessBuilder(
            bin, "--listen", "127.0.0.1:$port", "--db", dir.resolve("server.db").toString(),
            "--log-level", "warn",
        ).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start()
        eventually("the server") { healthy() }
    }

    @AfterEach
    fun stopServer() {
        server.destroyForcibly().waitFor(10, TimeUnit.SECONDS)
        dir.toFile().deleteRecursively()
    }

    private fun options(name: String) =
        OnlineOptions("ws://127.0.0.1:$port", dir.resolve("$name.secret").toString(), name)

    /** Taps a one-action turn and waits until both boards show it. */
    private fun playTurn(me: OnlineSession, other: OnlineSession, point: String) {
        val target = me.storedRevision() + 1uL
        val result = me.tap(point)
        assertEquals(TapResult(TapStep.Unchanged, TapVerdict.Sent(listOf(point))), result)
        eventually("$point stored") { me.storedRevision() >= target && other.storedRevision() >= target }
        assertTrue(me.snapshot().points.first { it.name == point }.owner != null)
    }

    @Test
    fun twoPlayersCreateJoinPlayAndResign() {
        val annEvents = OnlineRecorder()
        val boEvents = OnlineRecorder()
        val ann = OnlineSession.create(options("Ann"), GameId.TWELVE_MENS_MORRIS, TurnTimer.SECONDS60, annEvents)
        eventually("the room") { ann.status().room != null }
        val room = ann.status().room!!
        assertNotNull(room.link)
        assertTrue(annEvents.events.any { it is OnlineEvent.RoomCreated })
        assertEquals(TapResult(TapStep.Unchanged, TapVerdict.NotStarted), ann.tap("d6"))

        // Join with the code as a person types it: lower case, with dashes.
        val typed = room.code.lowercase().chunked(4).joinToString("-")
        val bo = OnlineSession.join(options("Bo"), typed, boEvents)
        eventually("both seated") {
            ann.status().opponentName == "Bo" && bo.status().opponentName == "Ann"
        }
        assertEquals(ConnectionState.Connected, ann.status().connection)
        assertEquals(Player.P1, ann.status().room!!.you)
        assertEquals(Player.P2, bo.status().room!!.you)
        assertEquals(TapResult(TapStep.Unchanged, TapVerdict.NotYourTurn), bo.tap("a7"))

        playTurn(ann, bo, "d6")
        playTurn(bo, ann, "a7")
        playTurn(ann, bo, "b4")
        playTurn(bo, ann, "g7")
        assertEquals(listOf("d6", "a7", "b4", "g7"), bo.actions())
        eventually("the turn events") {
            boEvents.events.any { it is OnlineEvent.OpponentMoved } &&
                annEvents.events.any { it is OnlineEvent.TurnAccepted }
        }
        val clocks = ann.status().clocks
        assertEquals(1, clocks.count { it.running })
        assertTrue(clocks.first { it.running }.leftMs!! <= 60_000uL)
        assertTrue(annEvents.threads.none { it == Thread.currentThread().name })

        // The board is drawn the same way as a local game's.
        val batch = bo.board().changesSince(0uL)
        assertEquals(bo.snapshot().revision, batch.revision)

        assertTrue(bo.resign())
        eventually("the record") { ann.status().record != null && bo.status().record != null }
        assertEquals(Player.P1, ann.snapshot().outcome!!.winner)
        assertTrue(ann.status().record!!.startsWith("mills-record"))
        // Events follow the state they tell of (delivered once the session's lock is released).
        eventually("the game-over event") { annEvents.events.any { it is OnlineEvent.GameOver } }

        ann.shutDown()
        bo.shutDown()
        assertTrue(ann.isShutDown())
        assertNotEquals(ConnectionState.Connected, ann.status().connection)
    }

    @Test
    fun badInvitesAndAddressesThrowTypedErrors() {
        assertThrows<MillsException.InvalidInvite> { OnlineSession.join(options("X"), "not a code", null) }
        val ftp = options("X").copy(server = "ftp://mills.example")
        assertThrows<MillsException.InvalidServer> {
            OnlineSession.create(ftp, GameId.ZHIQI, TurnTimer.OFF, null)
        }
    }

    @Test
    fun aWssAddressIsTakenAndAServerWithoutTlsIsRetriedNotRefused() {
        // The test's mills-server speaks plain WebSocket: TLS to it fails like a dropped
        // connection (tried again by itself), not like an untrusted certificate.
        val wss = options("T").copy(server = "wss://127.0.0.1:$port/ws")
        val session = OnlineSession.create(wss, GameId.ZHIQI, TurnTimer.OFF, null)
        try {
            eventually("a second attempt") {
                (session.status().connection as? ConnectionState.Reconnecting)?.let { it.attempt >= 2u } == true
            }
            assertEquals(null, session.status().room)
        } finally {
            session.shutDown()
        }
    }

    /** The room file through the bindings: written by one session, opened by a new one. */
    @Test
    fun aRoomFileLeadsANewSessionBackToTheRoom() {
        val roomFile = dir.resolve("ann.room").toString()
        assertNull(savedOnlineRoom(roomFile))
        val withFile = options("Ann").copy(roomPath = roomFile)
        val ann = OnlineSession.create(withFile, GameId.ZHIQI, TurnTimer.OFF, null)
        eventually("the room file") { savedOnlineRoom(roomFile) != null }
        val saved = savedOnlineRoom(roomFile)!!
        assertEquals(ann.status().room!!.code, saved.room)
        assertEquals("ws://127.0.0.1:$port", saved.server)
        assertEquals(GameId.ZHIQI, saved.game)
        assertEquals(Player.P1, saved.you)
        assertNull(saved.opponentName)
        assertEquals(false, saved.finished)
        ann.shutDown()
        ann.close()

        val again = OnlineSession.open(withFile, saved.room, null)
        eventually("the reopened room") { again.status().room?.code == saved.room }
        assertEquals(Player.P1, again.status().room!!.you)
        again.shutDown()
        again.close()

        Files.writeString(dir.resolve("ann.room"), "not a room")
        assertNull(savedOnlineRoom(roomFile))
        forgetOnlineRoom(roomFile)
        assertTrue(Files.notExists(dir.resolve("ann.room")))
    }
}
