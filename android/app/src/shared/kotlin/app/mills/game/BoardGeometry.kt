package app.mills.game

import app.mills.data.RulesCatalog

/** A cell of the 7×7 drawing grid: file 0..6 (a..g) from the left, rank 0..6 (1..7) from the bottom. */
data class GridPoint(val file: Int, val rank: Int)

/**
 * The drawing geometry of the board, as the engine describes it (`gameInfo`): where each point
 * sits and the lines to draw. The three games share one board (RULES.md §1), so the first
 * game's is drawn for all; nothing here is a table of its own.
 */
object BoardGeometry {
    /** The drawing grid is 7×7 cells: the engine's files a..g and ranks 1..7. */
    const val GRID = 7

    private val info by lazy { RulesCatalog.info(RulesCatalog.games.first()) }

    private val cells: Map<String, GridPoint> by lazy {
        info.points.associate { it.name to GridPoint(it.cell.file.toInt(), it.cell.rank.toInt()) }
    }

    fun gridOf(point: String): GridPoint = cells.getValue(point)

    /** The segments to draw: each of the engine's lines from its first point to its last. */
    val segments: List<Pair<GridPoint, GridPoint>> by lazy {
        info.lines.map { line -> gridOf(line.first()) to gridOf(line.last()) }
    }
}
