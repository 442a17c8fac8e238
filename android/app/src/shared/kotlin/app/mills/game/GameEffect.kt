package app.mills.game

/** A sound to play (if sound is on) and a haptic to perform (if haptics are on). */
enum class GameEffect { Place, Remove, Stable, Mill, Refused, Won, Lost, Draw, TimedOut }
