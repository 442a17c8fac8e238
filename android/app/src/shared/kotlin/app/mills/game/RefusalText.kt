package app.mills.game

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.Refusal

/** Why the engine refused a tap, as a sentence (shown under the board, in a game or a lesson). */
fun Refusal.toUiText(): UiText = when (this) {
    Refusal.GameOver -> text(StringKey.RefuseGameOver)
    Refusal.ComputerThinking -> text(StringKey.RefuseThinking)
    is Refusal.Occupied -> text(StringKey.RefuseOccupied, point)
    is Refusal.NoPieceThere -> text(StringKey.RefuseNoPiece, point)
    is Refusal.NotYourPiece -> text(StringKey.RefuseNotYours, point)
    is Refusal.CannotMove -> text(StringKey.RefuseCannotMove, point)
    is Refusal.NotAdjacent -> text(StringKey.RefuseNotAdjacent, from, to)
    is Refusal.NotOpponentPiece -> text(StringKey.RefuseNotOpponent)
    is Refusal.InMill -> text(StringKey.RefuseInMill, point)
    is Refusal.NotNextToYours -> text(StringKey.RefuseNotNextToYours)
    is Refusal.Illegal -> text(StringKey.RefuseIllegal)
}
