package app.mills.android

import android.content.ContentResolver
import android.content.Context
import android.content.Intent
import android.net.Uri
import androidx.core.content.IntentCompat

/**
 * The text of a game record handed to the app: shared text (`ACTION_SEND`, `EXTRA_TEXT`, or
 * a shared `.txt` file as `EXTRA_STREAM`) or a text document opened with it (`ACTION_VIEW`).
 * Reads at most [MAX_BYTES]: the engine refuses anything longer than its limit (512 KiB) as
 * too long without reading it, so a bigger file still gets the engine's message.
 */
object IncomingRecord {
    private const val MAX_BYTES = 1 shl 20

    /**
     * Whether [intent] hands the app a record (readable or not): a share or an open, and not the
     * same intent again because the app was reopened from Recents after it had been closed.
     */
    fun isRecord(intent: Intent?): Boolean =
        intent != null &&
            (intent.action == Intent.ACTION_SEND || intent.action == Intent.ACTION_VIEW) &&
            intent.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY == 0

    /** The record's text, or `null` if it cannot be read. May read a document: not on the main thread. */
    fun textOf(context: Context, intent: Intent): String? = when (intent.action) {
        // a CharSequence: styled text (from a notes app, say) is not a String and would be lost
        Intent.ACTION_SEND -> intent.getCharSequenceExtra(Intent.EXTRA_TEXT)?.toString()
            ?: IntentCompat.getParcelableExtra(intent, Intent.EXTRA_STREAM, Uri::class.java)?.let { textAt(context, it) }
        Intent.ACTION_VIEW -> intent.data?.let { textAt(context, it) }
        else -> null
    }

    /**
     * The text of the document at [uri], or `null` if unreadable. Only `content:` URIs: a
     * `file:` URI from another app would have this app read its own private files for it.
     */
    fun textAt(context: Context, uri: Uri): String? {
        if (uri.scheme != ContentResolver.SCHEME_CONTENT) return null
        return runCatching {
            context.contentResolver.openInputStream(uri)?.use { input ->
                String(input.readAtMost(MAX_BYTES), Charsets.UTF_8)
            }
        }.getOrNull()
    }

    /** `InputStream.readNBytes` is API 33 on Android: read up to [limit] bytes by hand. */
    private fun java.io.InputStream.readAtMost(limit: Int): ByteArray {
        val out = java.io.ByteArrayOutputStream()
        val buffer = ByteArray(8192)
        while (out.size() < limit) {
            val n = read(buffer, 0, minOf(buffer.size, limit - out.size()))
            if (n < 0) break
            out.write(buffer, 0, n)
        }
        return out.toByteArray()
    }
}
