package app.mills.data

import uniffi.mills_ffi.LevelInfo
import uniffi.mills_ffi.TurnTimer
import uniffi.mills_ffi.levels
import uniffi.mills_ffi.timerChoices

/** The computer's levels and the turn timer's choices, with their defaults, from the engine. */
object EngineChoices {
    val levels: List<LevelInfo> by lazy { levels() }

    val defaultLevel: Int by lazy { levels.single { it.isDefault }.number.toInt() }

    val levelRange: IntRange by lazy { levels.first().number.toInt()..levels.last().number.toInt() }

    fun clampLevel(level: Int): Int = level.coerceIn(levelRange)

    /** The string key of a level's name (`level_5`); the default level's for an unknown one. */
    fun nameKey(level: Int): String =
        (levels.firstOrNull { it.number.toInt() == level } ?: levels.single { it.isDefault }).nameKey

    private val timers by lazy { timerChoices() }

    val timerOptions: List<TurnTimer> by lazy { timers.choices.map { it.timer } }

    val defaultTimer: TurnTimer by lazy { timers.defaultTimer }

    /** Seconds per turn; 0 when the timer is off. */
    fun seconds(timer: TurnTimer): Int =
        timers.choices.firstOrNull { it.timer == timer }?.seconds?.toInt() ?: 0
}
