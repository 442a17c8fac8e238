package app.mills.android

import android.content.Intent

/**
 * An invite link opened with the app (`ACTION_VIEW`): `mills://join/CODE`, or
 * `https://HOST/join/CODE` for the host in the manifest (`mills.inviteHost`). The engine reads
 * the code out of the link (`OnlineSession.join`); this only tells an invite from a record.
 */
object IncomingInvite {
    /** The link, or `null` when [intent] is not an invite (or is the same intent again, reopened from Recents). */
    fun linkOf(intent: Intent?): String? {
        if (intent == null || intent.action != Intent.ACTION_VIEW) return null
        if (intent.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY != 0) return null
        val uri = intent.data ?: return null
        val invite = when (uri.scheme) {
            "mills" -> uri.host == "join"
            "https", "http" -> uri.path.orEmpty().startsWith("/join/")
            else -> false
        }
        return uri.toString().takeIf { invite }
    }
}
