package app.mills.android

import android.content.ClipData
import android.content.ClipboardManager
import android.content.Context
import android.content.Intent
import app.mills.data.RecordSharing

/**
 * Game records on Android: the system share sheet (an `ACTION_SEND` chooser for plain text)
 * and the clipboard. Started from the application context, so the chooser gets its own task.
 */
class AndroidRecordSharing(private val context: Context) : RecordSharing {
    private val clipboard get() = context.getSystemService(ClipboardManager::class.java)

    override fun share(text: String, subject: String) {
        val send = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            putExtra(Intent.EXTRA_TEXT, text)
            putExtra(Intent.EXTRA_SUBJECT, subject)
        }
        val chooser = Intent.createChooser(send, subject).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        context.startActivity(chooser)
    }

    override fun copy(text: String) {
        clipboard.setPrimaryClip(ClipData.newPlainText(context.getString(R.string.record_title), text))
    }

    override fun paste(): String? {
        val clip = clipboard.primaryClip ?: return null
        if (clip.itemCount == 0) return null
        return clip.getItemAt(0).coerceToText(context)?.toString()
    }
}
