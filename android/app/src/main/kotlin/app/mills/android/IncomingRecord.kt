package app.mills.android

import android.content.Context
import android.content.Intent
import android.net.Uri

/**
 * The text of a game record handed to the app: shared text (`ACTION_SEND`, `EXTRA_TEXT`, or
 * a shared `.txt` file as `EXTRA_STREAM`) or a text document opened with it (`ACTION_VIEW`).
 * Reads at most [MAX_BYTES]: the engine refuses anything longer than its limit (512 KiB) as
 * too long without reading it, so a bigger file still gets the engine's message.
 */
object IncomingRecord {
    private const val MAX_BYTES = 1 shl 20

    fun textOf(context: Context, intent: Intent?): String? {
        intent ?: return null
        return when (intent.action) {
            Intent.ACTION_SEND -> intent.getStringExtra(Intent.EXTRA_TEXT)
                ?: streamOf(intent)?.let { textAt(context, it) }
            Intent.ACTION_VIEW -> intent.data?.let { textAt(context, it) }
            else -> null
        }
    }

    /** The text of the document at [uri] (one the system picker returned), or `null` if unreadable. */
    fun textAt(context: Context, uri: Uri): String? = runCatching {
        context.contentResolver.openInputStream(uri)?.use { input ->
            val bytes = input.readNBytesCompat(MAX_BYTES)
            String(bytes, Charsets.UTF_8)
        }
    }.getOrNull()

    @Suppress("DEPRECATION") // getParcelableExtra(String, Class) needs API 33; minSdk is 26
    private fun streamOf(intent: Intent): Uri? = intent.getParcelableExtra(Intent.EXTRA_STREAM)

    /** `InputStream.readNBytes` is API 33 on Android: read up to [limit] bytes by hand. */
    private fun java.io.InputStream.readNBytesCompat(limit: Int): ByteArray {
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
