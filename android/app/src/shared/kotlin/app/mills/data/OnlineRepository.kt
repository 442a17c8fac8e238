package app.mills.data

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.launch
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.OnlineEvent
import uniffi.mills_ffi.OnlineListener
import uniffi.mills_ffi.OnlineOptions
import uniffi.mills_ffi.OnlineSession
import uniffi.mills_ffi.SavedOnlineRoom
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.chooseServerAddress
import uniffi.mills_ffi.forgetOnlineRoom
import uniffi.mills_ffi.savedOnlineRoom

/**
 * Opens rooms on the server named in the settings (a saved room on its own) with the engine's
 * [OnlineSession], which speaks the protocol, reconnects and keeps the device secret (in
 * [AppFiles.onlineSecretPath]) and the room it plays in (in [AppFiles.onlineRoomPath], to go
 * back to it after a kill). The session's events come on its own thread; [onEvent] hears them on the main thread.
 */
class OnlineRepository(
    private val files: AppFiles,
    private val settings: SettingsRepository,
    /** The main thread: every event is handed to it before anything is updated. */
    private val main: CoroutineScope,
    /**
     * Whether unencrypted traffic to a host is allowed: Android's NetworkSecurityPolicy. The
     * engine's sockets are native and bypass it, so a `ws://` server is checked here first.
     */
    private val cleartextPermitted: (host: String) -> Boolean,
    /** The build's default server (the Gradle property `mills.defaultServer`; empty: none). */
    val defaultServer: String = "",
) {
    /** A session, or the engine's error (a bad address or invite, the secret's file). */
    sealed interface Opened {
        data class Session(val session: OnlineSession) : Opened

        data class Refused(val error: MillsException) : Opened

        /** A `ws://` server on a host the app's network security config keeps encrypted. */
        data class CleartextRefused(val host: String) : Opened
    }

    /**
     * The server online play uses: the Settings field, else the build's default, else none
     * (the engine's [chooseServerAddress], the same order as on iOS).
     */
    val server: String? get() = chooseServerAddress(settings.current.serverAddress, defaultServer)

    /** A server is set or built in (online play needs one; the app is offline without it). */
    val hasServer: Boolean get() = server != null

    fun create(game: GameId, timer: TurnTimer, onEvent: (OnlineEvent) -> Unit): Opened =
        open { options -> OnlineSession.create(options, game, timer, listener(onEvent)) }

    /** [invite]: a code as people type it, or an invite link. */
    fun join(invite: String, onEvent: (OnlineEvent) -> Unit): Opened =
        open { options -> OnlineSession.join(options, invite.trim(), listener(onEvent)) }

    /** The room this device last played in, as its session recorded it; null when none is readable. */
    fun saved(): SavedOnlineRoom? = savedOnlineRoom(files.onlineRoomPath)

    /** The player does not want to go back to the saved room (the server keeps it). */
    fun forget() = forgetOnlineRoom(files.onlineRoomPath)

    /**
     * Opens the saved room again with this device's seat, on the server the room was made or
     * joined on (the setting may have changed since: the room lives on its own server); null
     * when no room is saved.
     */
    fun reopen(onEvent: (OnlineEvent) -> Unit): Opened? {
        val saved = saved() ?: return null
        return open(saved.server) { options -> OnlineSession.open(options, saved.room, listener(onEvent)) }
    }

    private fun open(
        server: String = this.server.orEmpty(),
        make: (OnlineOptions) -> OnlineSession,
    ): Opened {
        val address = serverAddressInfo(server)
        if (address != null && !address.encrypted && !cleartextPermitted(address.host)) {
            return Opened.CleartextRefused(address.host)
        }
        return try {
            Opened.Session(make(options(server)))
        } catch (e: MillsException) {
            Opened.Refused(e)
        }
    }

    private fun options(server: String): OnlineOptions {
        val s = settings.current
        return OnlineOptions(
            server = server.trim(),
            secretPath = files.onlineSecretPath,
            name = s.playerName.trim().ifEmpty { null },
            roomPath = files.onlineRoomPath,
        )
    }

    private fun listener(onEvent: (OnlineEvent) -> Unit) = object : OnlineListener {
        override fun onEvent(event: OnlineEvent) {
            main.launch { onEvent(event) }
        }
    }
}
