package app.mills.game

import uniffi.mills_ffi.Player

/** One piece's movement in the last change of the board, animated by the board. */
sealed interface Motion {
    val point: String

    data class Place(override val point: String, val owner: Player) : Motion

    data class Step(val from: String, override val point: String, val owner: Player) : Motion

    /** A capture or (Zhi Qi, when blocked) a pull: the piece leaves the board. */
    data class Remove(override val point: String, val owner: Player, val pull: Boolean = false) : Motion

    /** Zhi Qi: the point changes colour from [from] to [to]. */
    data class Pin(override val point: String, val from: Player, val to: Player) : Motion

    /** Linked-Horse: the piece on [point] travels to its owner's stable. */
    data class Stable(override val point: String, val owner: Player) : Motion
}
