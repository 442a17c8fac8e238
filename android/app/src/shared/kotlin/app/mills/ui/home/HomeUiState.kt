package app.mills.ui.home

import app.mills.data.SavedGame
import uniffi.mills_ffi.GameId

/** A game's record against the computer at the current level. */
/** The record against the current level; hints are counted by the engine's statistics. */
data class Record(val wins: Int, val losses: Int, val draws: Int, val hintsUsed: Int = 0, val winsWithHints: Int = 0)

data class HomeUiState(
    val games: List<GameId>,
    val saved: SavedGame?,
    val records: Map<GameId, Record>,
    /** An unfinished online game to go back to (the app was killed during it); null: none. */
    val onlineReturn: OnlineReturn? = null,
    /** No server is set or built in: "Play a friend" says so and leads to the field. */
    val needsServer: Boolean = false,
)

/**
 * The saved online room Home offers to return to: whom it is against, if known, and whether
 * it waits for this device's turn (a game kept open when its screen was left).
 */
data class OnlineReturn(val opponentName: String?, val yourTurn: Boolean = false)
