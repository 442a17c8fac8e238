package app.mills.ui.home

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.mills.ui.board.BoardMetrics
import app.mills.ui.board.drawBoardLines
import app.mills.ui.board.drawBoardSurface
import app.mills.ui.board.drawFormedLines
import app.mills.ui.board.drawPiece
import app.mills.ui.board.drawStable
import app.mills.ui.theme.LocalBoardColors
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player

/** A small picture of each game: a pin in Zhi Qi, the stable of Linked-Horse, a diagonal mill. */
@Composable
fun MiniBoard(game: GameId, modifier: Modifier = Modifier, size: Dp = 96.dp) {
    val colors = LocalBoardColors.current
    Canvas(modifier.size(size)) {
        val m = BoardMetrics(this.size.minDimension)
        drawBoardSurface(m, colors)
        drawBoardLines(m, colors)
        val (white, black, line) = when (game) {
            GameId.ZHIQI -> Triple(listOf("a7", "d7", "g7", "d6"), listOf("b6", "f4", "e3"), listOf("a7", "d7", "g7"))
            GameId.LINKED_HORSE -> Triple(listOf("a1", "d1", "b4"), listOf("g7", "f6", "c5"), emptyList())
            GameId.TWELVE_MENS_MORRIS -> Triple(listOf("a1", "b2", "c3", "f4"), listOf("g7", "d5", "e4"), listOf("a1", "b2", "c3"))
        }
        if (game == GameId.LINKED_HORSE) drawStable(m, colors, 3, 2)
        if (line.isNotEmpty()) drawFormedLines(m, colors, listOf(line), 1f)
        white.forEach { drawPiece(m.at(it), m.pieceRadius, Player.P1, colors) }
        black.forEach { drawPiece(m.at(it), m.pieceRadius, Player.P2, colors) }
    }
}
