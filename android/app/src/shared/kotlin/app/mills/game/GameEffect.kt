package app.mills.game

/** A sound to play (if sound is on) and a haptic to perform (if haptics are on). */
enum class GameEffect { Place, Remove, Stable, Mill, Refused, Won, Lost, Draw, TimedOut }

/**
 * The effect of the motions one batch of the engine's changes shows (a game's or a lesson's
 * board): a stabling, then a removal or pin, then a mill, then a plain move; null when nothing
 * moved.
 */
fun motionEffect(motions: List<Motion>, formedLine: Boolean): GameEffect? = when {
    motions.any { it is Motion.Stable } -> GameEffect.Stable
    motions.any { it is Motion.Remove || it is Motion.Pin } -> GameEffect.Remove
    formedLine && motions.isNotEmpty() -> GameEffect.Mill
    motions.isNotEmpty() -> GameEffect.Place
    else -> null
}
