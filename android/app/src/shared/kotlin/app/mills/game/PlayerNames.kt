package app.mills.game

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player

/** How players are called: "You" and "Computer" against the computer, else their colours. */
class PlayerNames(private val mode: GameMode) {
    val computer: Player? = (mode as? GameMode.VsComputer)?.computer

    val human: Player? = computer?.opponent()

    fun colour(player: Player): UiText =
        text(if (player == Player.P1) StringKey.PlayerWhite else StringKey.PlayerBlack)

    fun name(player: Player): UiText = when (player) {
        computer -> text(StringKey.PlayerComputer)
        human -> text(StringKey.PlayerYou)
        else -> colour(player)
    }

    /** "your piece", "computer's piece", or "White piece". */
    fun piece(player: Player): UiText = when (player) {
        computer -> text(StringKey.PointComputerPiece)
        human -> text(StringKey.PointYourPiece)
        else -> text(if (player == Player.P1) StringKey.PointWhitePiece else StringKey.PointBlackPiece)
    }
}
