package app.mills.tests

import app.mills.desktop.XmlStrings
import app.mills.ui.online.ConnectionUi
import app.mills.ui.online.connectionUi
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.ConnectionState
import uniffi.mills_ffi.OfflineReason

/** What the connection banner says when the engine is not connected and not trying. */
class ConnectionTextTest {
    private fun offline(reason: OfflineReason) = connectionUi(ConnectionState.Offline(reason)) as ConnectionUi.Offline

    @Test
    fun aServerWhoseCertificateIsNotTrustedHasItsOwnMessageAndRetry() {
        val untrusted = offline(OfflineReason.UntrustedServer("invalid peer certificate: UnknownIssuer"))
        assertTrue(untrusted.canRetry, "Retry calls resume(): the engine waits for it")
        val others = listOf(
            OfflineReason.Paused,
            OfflineReason.ShutDown,
            OfflineReason.Refused("room-full", "full"),
            OfflineReason.Refused("something-new", "?"),
        ).map { offline(it) }
        val languages = listOf(XmlStrings.english(), XmlStrings.chinese(), XmlStrings.traditionalChinese())
        for (strings in languages) {
            val text = untrusted.why.resolve(strings)
            assertTrue(text.isNotBlank())
            assertFalse(text.contains("UnknownIssuer"), "rustls's reason is for logs: $text")
            assertFalse(others.any { it.why.resolve(strings) == text }, "reads like another state: $text")
        }
        assertEquals(
            "The server's security certificate is not trusted, so the app did not connect.",
            untrusted.why.resolve(XmlStrings.english()),
        )
        assertEquals(3, languages.map { untrusted.why.resolve(it) }.toSet().size)
    }
}
