package app.mills.ui.home

import app.mills.data.SavedGame
import uniffi.mills_ffi.GameId

/** A game's record against the computer at the current level. */
data class Record(val wins: Int, val losses: Int, val draws: Int)

data class HomeUiState(
    val games: List<GameId>,
    val saved: SavedGame?,
    val records: Map<GameId, Record>,
)
