package app.mills.data

/**
 * A good game record that would end [unfinished] if it opened: it waits for the player to say
 * whether to open it (a record shared from another app must not silently end a game).
 */
data class RecordToConfirm(val text: String, val unfinished: SavedGame)
