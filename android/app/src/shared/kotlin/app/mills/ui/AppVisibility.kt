package app.mills.ui

/**
 * Whether the app is in sight, read from the activity's start and stop, told to the view models
 * that run something only in front: the turn timer, a timer lesson's countdown, a puzzle rush's
 * clock, and an online room's connection (closed while hidden; the server keeps the room).
 *
 * A stop for a configuration change (a rotation, a dark-mode switch, a language change) is not
 * the app going away: the activity is made again at once and the view models live on. Treating
 * it as hidden would drop an online room's connection at every rotation while the server's clock
 * runs on, so such a stop changes nothing.
 *
 * One per activity. Its first start always tells (the view models ignore a repeat): an activity
 * made again while the app was hidden must wake what the last one put to sleep.
 */
class AppVisibility(private val models: AppViewModels) {
    private var inSight: Boolean? = null

    /** The activity started: the app is in front. */
    fun started() = tell(true)

    /** The activity stopped; [changingConfigurations] as the activity says (`isChangingConfigurations`). */
    fun stopped(changingConfigurations: Boolean) {
        if (!changingConfigurations) tell(false)
    }

    private fun tell(value: Boolean) {
        if (inSight == value) return
        inSight = value
        models.app.setForeground(value)
        models.lesson.setForeground(value)
        models.puzzle.setForeground(value)
        // an online room reconnects at once in front (the engine resends what was not stored)
        models.online.setForeground(value)
    }
}
