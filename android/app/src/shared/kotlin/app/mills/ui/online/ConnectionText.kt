package app.mills.ui.online

import app.mills.strings.StringKey
import app.mills.strings.text
import uniffi.mills_ffi.ConnectionState
import uniffi.mills_ffi.OfflineReason

/** Why the server refused a request that is not a turn: a rematch with a blocked player, too many reports. */
internal fun requestRefusedText(code: String) = when (code) {
    "blocked" -> text(StringKey.OnlineRematchBlocked)
    "too-many-reports" -> text(StringKey.OnlineTooManyReports)
    else -> text(StringKey.OnlineRefusedOther)
}

/** The engine's connection state as the banner says it. */
internal fun connectionUi(state: ConnectionState): ConnectionUi = when (state) {
    ConnectionState.Connected -> ConnectionUi.Connected
    ConnectionState.Connecting -> ConnectionUi.Connecting
    is ConnectionState.Reconnecting -> ConnectionUi.Reconnecting(state.attempt.toInt())
    is ConnectionState.Offline -> when (val reason = state.reason) {
        OfflineReason.Paused -> ConnectionUi.Offline(text(StringKey.OnlinePaused), canRetry = false)
        OfflineReason.ShutDown -> ConnectionUi.Offline(text(StringKey.OnlineClosed), canRetry = false)
        is OfflineReason.Refused -> ConnectionUi.Offline(
            when (reason.code) {
                "unknown-code" -> text(StringKey.OnlineRefusedUnknownCode)
                "room-full" -> text(StringKey.OnlineRefusedRoomFull)
                "blocked" -> text(StringKey.OnlineRefusedBlocked)
                "name-refused" -> text(StringKey.OnlineRefusedName)
                else -> text(StringKey.OnlineRefusedOther)
            },
            canRetry = true,
        )
        // The engine did not connect and waits for Retry (a fixed certificate, say).
        is OfflineReason.UntrustedServer -> ConnectionUi.Offline(text(StringKey.OnlineUntrustedServer), canRetry = true)
    }
}
