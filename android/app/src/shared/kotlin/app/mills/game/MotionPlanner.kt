package app.mills.game

import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GamePhase
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.Snapshot

fun Player.opponent(): Player = if (this == Player.P1) Player.P2 else Player.P1

fun Snapshot.side(player: Player) = if (player == Player.P1) p1 else p2

/**
 * The motions that take the board from [before] to [after], from the actions played in
 * between. Usually they are the end of [Snapshot.lastTurn]; when the computer answered before
 * the board was redrawn, the earlier turn's actions come from [history] (every action so far).
 * None when they cannot be told (undo, a new game, more than two turns at once).
 */
object MotionPlanner {
    fun plan(before: Snapshot?, after: Snapshot, history: () -> List<String> = { emptyList() }): List<Motion> {
        if (before == null || before.config.game != after.config.game) return emptyList()
        val added = after.actionCount.toInt() - before.actionCount.toInt()
        val player = after.lastTurnPlayer ?: return emptyList()
        if (added <= 0) return emptyList()
        val turns = mutableListOf<Turn>()
        if (added <= after.lastTurn.size) {
            turns += Turn(player, after.lastTurn.takeLast(added), after.lastTurn.size - added)
        } else {
            val all = history()
            val earlierCount = added - after.lastTurn.size
            if (all.size != after.actionCount.toInt() || before.toMove == player) return emptyList()
            val earlier = all.subList(before.actionCount.toInt(), before.actionCount.toInt() + earlierCount)
            val turnStarted = before.lastTurnPlayer == before.toMove && before.lastTurn.isNotEmpty()
            turns += Turn(before.toMove, earlier, if (turnStarted) before.lastTurn.size else 0)
            turns += Turn(player, after.lastTurn, 0)
        }
        val ownerBefore = before.points.associate { it.name to it.owner }
        val ownerAfter = after.points.associate { it.name to it.owner }
        val stabled = Player.entries.associateWith { after.side(it).stable.toInt() - before.side(it).stable.toInt() }
            .toMutableMap()
        val zhiQiMoving = after.config.game == GameId.ZHIQI && before.phase == GamePhase.MOVING
        return turns.flatMap { turn -> turn.motions(ownerBefore, ownerAfter, stabled, zhiQiMoving) }
    }

    /** Actions of one player; [offset] actions of the same turn came before them. */
    private class Turn(val player: Player, val actions: List<String>, val offset: Int) {
        fun motions(
            ownerBefore: Map<String, Player?>,
            ownerAfter: Map<String, Player?>,
            stabled: MutableMap<Player, Int>,
            zhiQiMoving: Boolean,
        ): List<Motion> {
            val motions = mutableListOf<Motion>()
            actions.forEachIndexed { i, notation ->
                val action = Action.parse(notation)
                when (action) {
                    is Action.Place -> motions += Motion.Place(action.to, player)
                    is Action.Step -> motions += Motion.Step(action.from, action.to, player)
                    is Action.Remove -> {
                        val was = ownerBefore[action.at] ?: player.opponent()
                        motions += if (ownerAfter[action.at] == player && was != player) {
                            Motion.Pin(action.at, was, player)
                        } else {
                            Motion.Remove(action.at, was, pull = zhiQiMoving && offset + i == 0)
                        }
                    }
                    Action.Pass -> Unit
                }
                val arrival = action.arrival
                val banked = stabled[player] ?: 0
                if (arrival != null && banked > 0 && ownerAfter[arrival] != player) {
                    motions += Motion.Stable(arrival, player)
                    stabled[player] = banked - 1
                }
            }
            return motions
        }
    }
}
