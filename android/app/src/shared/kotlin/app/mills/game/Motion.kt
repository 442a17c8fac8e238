package app.mills.game

import uniffi.mills_ffi.BoardChange
import uniffi.mills_ffi.Change
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.Snapshot

fun Player.opponent(): Player = if (this == Player.P1) Player.P2 else Player.P1

fun Snapshot.side(player: Player) = if (player == Player.P1) p1 else p2

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

    companion object {
        /**
         * The motions of the engine's board changes, one for one (a pass moves nothing). After a
         * reset the board is redrawn as it is, so only the changes after the last reset move.
         */
        fun of(changes: List<BoardChange>): List<Motion> {
            val fresh = changes.takeLastWhile { it.change !is Change.Reset }
            return fresh.mapNotNull { of(it.change) }
        }

        /** What one change looks like; the removed piece is always the mover's opponent's. */
        fun of(change: Change): Motion? = when (change) {
            is Change.Placed -> Place(change.point, change.player)
            is Change.Stepped -> Step(change.from, change.to, change.player)
            is Change.Pinned -> Pin(change.point, change.player.opponent(), change.player)
            is Change.Captured -> Remove(change.point, change.player.opponent())
            is Change.Pulled -> Remove(change.point, change.player.opponent(), pull = true)
            is Change.Stabled -> Stable(change.point, change.player)
            is Change.Passed, is Change.Reset -> null
        }
    }
}
