package app.mills.ui.theme

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color
import app.mills.data.BoardStyle

/** The colours of the board and its pieces for one board style. */
@Immutable
data class BoardColors(
    val surfaceTop: Color,
    val surfaceBottom: Color,
    val frame: Color,
    val line: Color,
    val point: Color,
    val grain: Color,
    val whitePiece: Color,
    val whitePieceShade: Color,
    val whiteMark: Color,
    val blackPiece: Color,
    val blackPieceShade: Color,
    val blackMark: Color,
    val target: Color,
    val removeTarget: Color,
    val selected: Color,
    val line3: Color,
    val lastTurn: Color,
    val stable: Color,
    val stableText: Color,
) {
    companion object {
        private val ivory = Color(0xFFF7F1E6)
        private val ivoryShade = Color(0xFFCFC3AE)
        private val ivoryMark = Color(0xFF9C8D74)
        private val ebony = Color(0xFF33302E)
        private val ebonyShade = Color(0xFF121110)
        private val ebonyMark = Color(0xFFB9AE9C)

        fun of(style: BoardStyle): BoardColors = when (style) {
            BoardStyle.Wood -> BoardColors(
                surfaceTop = Color(0xFFE9C88F),
                surfaceBottom = Color(0xFFD3A663),
                frame = Color(0xFF8A5A2B),
                line = Color(0xFF5B3A1A),
                point = Color(0xFF5B3A1A),
                grain = Color(0x1A6B4320),
                whitePiece = ivory, whitePieceShade = ivoryShade, whiteMark = ivoryMark,
                blackPiece = ebony, blackPieceShade = ebonyShade, blackMark = ebonyMark,
                target = Color(0xFF1E6A64),
                removeTarget = Color(0xFFC0462B),
                selected = Color(0xFF1E6A64),
                line3 = Color(0xFFFFE08A),
                lastTurn = Color(0xFF1E6A64),
                stable = Color(0x33FFF4DC),
                stableText = Color(0xFF5B3A1A),
            )
            BoardStyle.Slate -> BoardColors(
                surfaceTop = Color(0xFF48525D),
                surfaceBottom = Color(0xFF343C45),
                frame = Color(0xFF22282E),
                line = Color(0xFFC9D2DB),
                point = Color(0xFFDCE3EA),
                grain = Color(0x0FFFFFFF),
                whitePiece = ivory, whitePieceShade = ivoryShade, whiteMark = ivoryMark,
                blackPiece = Color(0xFF1B1C1F), blackPieceShade = Color(0xFF050506), blackMark = Color(0xFFE8C66A),
                target = Color(0xFF86D3C9),
                removeTarget = Color(0xFFFF8A70),
                selected = Color(0xFF86D3C9),
                line3 = Color(0xFFE9C46A),
                lastTurn = Color(0xFFE9C46A),
                stable = Color(0x22FFFFFF),
                stableText = Color(0xFFDCE3EA),
            )
            BoardStyle.Jade -> BoardColors(
                surfaceTop = Color(0xFFCFE3D5),
                surfaceBottom = Color(0xFFA9CBB6),
                frame = Color(0xFF3E6B5A),
                line = Color(0xFF2C5646),
                point = Color(0xFF2C5646),
                grain = Color(0x142C5646),
                whitePiece = ivory, whitePieceShade = ivoryShade, whiteMark = ivoryMark,
                blackPiece = ebony, blackPieceShade = ebonyShade, blackMark = ebonyMark,
                target = Color(0xFFB5472F),
                removeTarget = Color(0xFFB5472F),
                selected = Color(0xFF8A3B22),
                line3 = Color(0xFFFFF1B8),
                lastTurn = Color(0xFF8A3B22),
                stable = Color(0x33FFFFFF),
                stableText = Color(0xFF2C5646),
            )
        }
    }
}

val LocalBoardColors = staticCompositionLocalOf { BoardColors.of(BoardStyle.Wood) }
