package app.mills.ui.game

import app.mills.data.GameRepository
import app.mills.game.PlayerNames
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.Player

/**
 * The turn timer on the game screen. The engine keeps the time and applies its expiry (the
 * turn passes); this decides when the timer may run here: not while something covers the live
 * board, because the player cannot play then: an earlier position under review, or the record
 * sheet. (The app in the background and the other screens, Settings and the Rules, are the
 * navigation's part: `AppViewModel`.) Call it from the main thread.
 */
class TurnClock(private val repository: GameRepository) {
    private var reviewing = false
    private var recordOpen = false

    /** An earlier position is shown, or the live game is back. */
    fun setReviewing(value: Boolean) {
        reviewing = value
        apply()
    }

    /** The record sheet is open over the board, or closed. */
    fun setRecordOpen(value: Boolean) {
        recordOpen = value
        apply()
    }

    /** What everyone hears when [player]'s time ran out (the engine passed the turn). */
    fun timedOut(player: Player, names: PlayerNames): UiText = text(StringKey.AnnounceTimedOut, names.name(player))

    private fun apply() = repository.setBoardCovered(reviewing || recordOpen)
}
