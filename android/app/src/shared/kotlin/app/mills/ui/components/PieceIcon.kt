package app.mills.ui.components

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.mills.ui.board.drawPiece
import app.mills.ui.theme.LocalBoardColors
import uniffi.mills_ffi.Player

/** A piece of [player]'s side, as on the board (same marking), for panels and lists. */
@Composable
fun PieceIcon(player: Player, modifier: Modifier = Modifier, size: Dp = 28.dp) {
    val colors = LocalBoardColors.current
    Canvas(modifier.size(size)) {
        val r = this.size.minDimension * 0.42f
        drawPiece(Offset(this.size.width / 2, this.size.height / 2 - r * 0.06f), r, player, colors)
    }
}
