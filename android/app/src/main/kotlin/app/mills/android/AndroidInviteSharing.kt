package app.mills.android

import android.content.Context
import android.content.Intent
import app.mills.data.InviteSharing

/** A room's invite to the system share sheet (an `ACTION_SEND` chooser for plain text: chat, mail, messages). */
class AndroidInviteSharing(private val context: Context) : InviteSharing {
    override fun share(text: String, link: String) {
        val send = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            putExtra(Intent.EXTRA_TEXT, text)
        }
        val chooser = Intent.createChooser(send, null).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        context.startActivity(chooser)
    }
}
