package app.mills.data

import uniffi.mills_ffi.Outcome
import uniffi.mills_ffi.Player

/** Something the session did by itself, delivered on the main thread. */
sealed interface GameEvent {
    data class ComputerMoved(val player: Player, val actions: List<String>) : GameEvent

    data class TimedOut(val player: Player) : GameEvent

    data class Finished(val outcome: Outcome) : GameEvent

    data class SaveFailed(val message: String) : GameEvent
}
