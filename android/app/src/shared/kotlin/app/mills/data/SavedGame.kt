package app.mills.data

import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode

/**
 * What the Home screen says about the game that can be continued. [unfinished] is the
 * engine's word (`Snapshot.unfinished`): a player has played in it, so ending it needs asking.
 */
data class SavedGame(val game: GameId, val mode: GameMode, val turns: Int, val unfinished: Boolean)
