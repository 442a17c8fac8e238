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
 * board, because the player cannot play then: an earlier position under review. (The app in
 * the background and the other screens are the navigation's part: `AppViewModel`.) Call it
 * from the main thread.
 */
class TurnClock(private val repository: GameRepository) {
    private var reviewing = false

    /** An earlier position is shown, or the live game is back. */
    fun setReviewing(value: Boolean) {
        reviewing = value
        repository.setBoardCovered(reviewing)
    }

    /** What everyone hears when [player]'s time ran out (the engine passed the turn). */
    fun timedOut(player: Player, names: PlayerNames): UiText = text(StringKey.AnnounceTimedOut, names.name(player))
}
