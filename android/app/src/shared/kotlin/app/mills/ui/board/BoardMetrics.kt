package app.mills.ui.board

import androidx.compose.ui.geometry.Offset
import app.mills.game.BoardGeometry
import app.mills.game.GridPoint
import uniffi.mills_ffi.Player

/** Where things are on a square board of [size] pixels. */
class BoardMetrics(val size: Float) {
    val margin = size * 0.08f
    val cell = (size - 2 * margin) / (BoardGeometry.GRID - 1)
    val pieceRadius = cell * 0.36f
    val lineWidth = (size * 0.0075f).coerceAtLeast(1.5f)

    fun at(grid: GridPoint): Offset = Offset(margin + grid.file * cell, margin + (6 - grid.rank) * cell)

    fun at(point: String): Offset = at(BoardGeometry.gridOf(point))

    val center: Offset get() = Offset(size / 2, size / 2)

    /** The stable: a square in the middle of the inner square. */
    val stableHalf = cell * 0.75f

    val stableDot = cell * 0.1f

    /** Where the [index]th of [count] banked pieces (up to 7) of [owner] sits: a centred row. */
    fun stableSlot(owner: Player, index: Int, count: Int): Offset {
        val spacing = stableDot * 2.15f
        val x = center.x + (index - (count - 1) / 2f) * spacing
        val y = center.y + if (owner == Player.P1) stableHalf * 0.52f else stableHalf * 0.12f
        return Offset(x, y)
    }
}
