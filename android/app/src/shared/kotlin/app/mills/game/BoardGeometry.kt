package app.mills.game

/** A cell of the 7×7 drawing grid: file 0..6 (a..g) from the left, rank 0..6 (1..7) from the bottom. */
data class GridPoint(val file: Int, val rank: Int)

/** The drawing geometry of the board all three games share (RULES.md §1). */
object BoardGeometry {
    const val GRID = 7

    /** `"d6"` → file 3, rank 5. */
    fun gridOf(point: String): GridPoint = GridPoint(point[0] - 'a', point.substring(1).toInt() - 1)

    /** The segments to draw: the three squares, four cross-lines and four corner diagonals. */
    val segments: List<Pair<GridPoint, GridPoint>> = buildList {
        for (k in 0..2) {
            val far = 6 - k
            add(GridPoint(k, k) to GridPoint(far, k))
            add(GridPoint(far, k) to GridPoint(far, far))
            add(GridPoint(far, far) to GridPoint(k, far))
            add(GridPoint(k, far) to GridPoint(k, k))
        }
        add(GridPoint(3, 0) to GridPoint(3, 2))
        add(GridPoint(3, 4) to GridPoint(3, 6))
        add(GridPoint(0, 3) to GridPoint(2, 3))
        add(GridPoint(4, 3) to GridPoint(6, 3))
        add(GridPoint(0, 0) to GridPoint(2, 2))
        add(GridPoint(6, 0) to GridPoint(4, 2))
        add(GridPoint(0, 6) to GridPoint(2, 4))
        add(GridPoint(6, 6) to GridPoint(4, 4))
    }
}
