package app.mills.data

/**
 * The platform's ways to pass a game record's text on and to get one back: on Android the
 * share sheet (an `ACTION_SEND` chooser) and the clipboard (`MainActivity`'s
 * `AndroidRecordSharing`); the desktop tests fake it. Records arriving from outside (a text
 * shared to the app, a `.txt` document opened with it) come in through
 * `AppViewModels.openRecord`, not through here.
 */
interface RecordSharing {
    /** Offers [text] to other apps (mail, chat, files); [subject] is the title some of them use. */
    fun share(text: String, subject: String)

    /** Puts [text] on the clipboard. */
    fun copy(text: String)

    /** The clipboard's text, or `null` when it holds none. */
    fun paste(): String?
}

/** Sharing for builds that have none (previews, screenshots): nothing leaves, nothing comes in. */
object NoRecordSharing : RecordSharing {
    override fun share(text: String, subject: String) = Unit

    override fun copy(text: String) = Unit

    override fun paste(): String? = null
}
