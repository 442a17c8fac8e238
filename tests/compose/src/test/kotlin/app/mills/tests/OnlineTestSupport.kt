package app.mills.tests

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import app.mills.data.InMemorySettingsStore
import app.mills.data.InviteSharing
import app.mills.data.UserSettings
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.swing.Swing
import org.junit.jupiter.api.Assertions.assertNull
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer
import java.io.File
import java.net.HttpURLConnection
import java.net.ServerSocket
import java.net.URI
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/**
 * The real mills-server (built by run.sh, `-Dmills.serverBin`) on loopback at an ephemeral
 * port, with its SQLite store in a temporary folder. [kill] is SIGKILL; [start] again serves
 * the same rooms from the same store on the same port.
 */
class LocalServer : AutoCloseable {
    private val bin = System.getProperty("mills.serverBin")?.takeIf { File(it).canExecute() }
        ?: error("mills.serverBin is not set to the built mills-server (tests/compose/run.sh sets it)")
    private val dir = Files.createTempDirectory("mills-server").toFile()
    val port = ServerSocket(0).use { it.localPort }
    private var process: Process? = null

    /** Where the server listens. */
    private val listen get() = "127.0.0.1:$port"

    /** What the apps' settings hold: a plain server on this device, which they may reach. */
    val address get() = "ws://$listen"

    fun start(): LocalServer {
        process = ProcessBuilder(bin, "--listen", listen, "--db", File(dir, "server.db").path, "--log-level", "warn")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start()
        eventually(explain = { "the server on $address" }) { healthy() }
        return this
    }

    /** SIGKILL: every connection drops at once, nothing is shut down gracefully. */
    fun kill() {
        process?.let {
            it.destroyForcibly()
            it.waitFor(10, TimeUnit.SECONDS)
        }
        process = null
    }

    private fun healthy(): Boolean = try {
        val connection = URI("http://$listen/health").toURL().openConnection() as HttpURLConnection
        connection.connectTimeout = 500
        connection.readTimeout = 500
        connection.responseCode == 200
    } catch (e: java.io.IOException) {
        false
    }

    override fun close() {
        kill()
        dir.deleteRecursively()
    }
}

/**
 * `wss://` in front of [server], as a deployment puts a TLS proxy in front of mills-server:
 * the test TLS front (tests/tls-front, `-Dmills.tlsFrontBin`) on a loopback port, with a
 * certificate for `localhost` from a root it makes and writes to the file
 * `MILLS_TEST_ROOT_CERT` names, the one extra root the suite's library trusts (its `test-ca`
 * build; the app's never does). [address] is what a player types: a bare host and port.
 */
class TlsFront(server: LocalServer) : AutoCloseable {
    private val process: Process
    val port: Int

    init {
        val bin = System.getProperty("mills.tlsFrontBin")?.takeIf { File(it).canExecute() }
            ?: error("mills.tlsFrontBin is not set to the built mills-tls-front (tests/compose/run.sh sets it)")
        val root = System.getenv("MILLS_TEST_ROOT_CERT")
            ?: error("MILLS_TEST_ROOT_CERT is not set (tests/compose/run.sh sets it)")
        process = ProcessBuilder(bin, "--upstream", server.port.toString(), "--root-out", root)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start()
        val line = process.inputStream.bufferedReader().readLine()
        port = line?.removePrefix("listening ")?.toIntOrNull()
            ?: error("mills-tls-front did not say where it listens: $line")
    }

    /** No scheme: the engine takes a bare host as `wss://`, here on the front's port. */
    val address get() = "localhost:$port"

    override fun close() {
        // its standard input closing ends it; destroy in case it does not
        process.outputStream.close()
        if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly()
    }
}

/** The share sheet of a test: what the room's invite offered. */
class FakeInviteSharing : InviteSharing {
    @Volatile
    var shared: Pair<String, String>? = null

    override fun share(text: String, link: String) {
        shared = text to link
    }
}

/**
 * An app whose settings name [server] (or [address]) and the player [name], its invites shared to [sharing];
 * its files in [dir] (a second app on the same [dir] is the first one started again).
 */
fun onlineApp(
    server: LocalServer?,
    name: String,
    sharing: FakeInviteSharing = FakeInviteSharing(),
    main: CoroutineDispatcher = Dispatchers.Swing,
    dir: File = Files.createTempDirectory("mills-test").toFile(),
    /** What the settings name as the server, when not [server]'s own address. */
    address: String = server?.address ?: "",
    /** The build's default server, used while the settings name none. */
    defaultServer: String = "",
) = TestApp(
    dir = dir,
    store = InMemorySettingsStore(
        UserSettings(lessonsOffered = GameId.entries.toSet(), serverAddress = address, playerName = name),
    ),
    main = main,
    inviteSharing = sharing,
    defaultServer = defaultServer,
)

/**
 * [host] makes a room of [game] without a timer and [guest] joins it by its code, both through
 * their view models on the main thread (no screen drawn); returns the code once [host] sees
 * [guest] seated, by the name in [guest]'s settings.
 */
fun createdAndJoinedRoom(host: TestApp, guest: TestApp, game: GameId = GameId.ZHIQI): String {
    assertNull(onMain { host.viewModels.online.create(game, TurnTimer.OFF) })
    eventually(explain = { "the room" }) { onMain { host.viewModels.online.uiState.value?.code } != null }
    val code = onMain { host.viewModels.online.uiState.value!!.code!! }
    assertNull(onMain { guest.viewModels.online.join(code) })
    val guestName = guest.store.read().playerName
    eventually(explain = { "$guestName seen by the host" }) {
        onMain { host.viewModels.online.uiState.value?.opponentName } == guestName
    }
    return code
}

/** Who owns [point] on the board [app]'s room screen shows (null: empty or no board). */
fun TestApp.onlineOwner(point: String) =
    onMain { viewModels.online.uiState.value?.board?.points?.firstOrNull { it.name == point }?.owner }

/** The text the node tagged [tag] shows (its own, not merged with its parent's). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.textOf(tag: String): String =
    onNodeWithTag(tag, useUnmergedTree = true).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString()

/** A node tagged [tag] is on screen. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.exists(tag: String) =
    onAllNodes(hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()

/** Waits (20 s at most) until [condition] holds; the failure names [what]. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.waitFor(what: String, condition: () -> Boolean) =
    try {
        waitUntil(timeoutMillis = 20_000, condition = condition)
    } catch (e: Throwable) {
        throw AssertionError("timed out waiting for $what", e)
    }
