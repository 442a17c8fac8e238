package app.mills.data

/**
 * How a room's invite leaves the app: on Android the share sheet (`AndroidInviteSharing`); the
 * desktop tests record what was offered. Invites arriving from outside (a `mills://join/…` or
 * `https://…/join/…` link opened with the app) come in through `AppViewModels.openInvite`.
 */
fun interface InviteSharing {
    /** Offers [text] (a sentence with the code and the link) to other apps; [link] alone for those that want a URL. */
    fun share(text: String, link: String)
}

/** Builds without a share sheet (previews, screenshots): the invite stays on screen. */
val NoInviteSharing = InviteSharing { _, _ -> }
