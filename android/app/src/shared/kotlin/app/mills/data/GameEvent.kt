package app.mills.data

import uniffi.mills_ffi.Outcome
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionEvent

/** Something the session did by itself, delivered on the main thread. */
sealed interface GameEvent {
    data class ComputerMoved(val player: Player, val actions: List<String>) : GameEvent

    data class TimedOut(val player: Player) : GameEvent

    data class Finished(val outcome: Outcome) : GameEvent

    data class SaveFailed(val message: String) : GameEvent

    companion object {
        /** The app's event for the session's (what the screens need of it, nothing more). */
        fun of(event: SessionEvent): GameEvent = when (event) {
            is SessionEvent.ComputerMoved -> ComputerMoved(event.player, event.actions)
            is SessionEvent.TurnTimedOut -> TimedOut(event.player)
            is SessionEvent.GameOver -> Finished(event.outcome)
            is SessionEvent.SaveFailed -> SaveFailed(event.message)
        }
    }
}
