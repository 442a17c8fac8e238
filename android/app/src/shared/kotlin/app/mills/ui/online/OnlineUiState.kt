package app.mills.ui.online

import app.mills.game.BoardUiState
import app.mills.game.PlayerUi
import app.mills.game.TimerUi
import app.mills.strings.UiText
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

/** The connection banner: nothing while connected. */
sealed interface ConnectionUi {
    data object Connected : ConnectionUi

    data object Connecting : ConnectionUi

    data class Reconnecting(val attempt: Int) : ConnectionUi

    /** Not trying: in the background, closed, or the room refused for good ([why]). */
    data class Offline(val why: UiText, val canRetry: Boolean) : ConnectionUi
}

/** "Play a friend" before a room: what to create, the code being typed, why it failed. */
data class PlayFriendUiState(
    /** No server address in the settings: online play is off and the screen says so. */
    val needsServer: Boolean,
    val game: GameId = GameId.ZHIQI,
    val timer: TurnTimer,
    val timers: List<TurnTimer>,
    val code: String = "",
    val error: UiText? = null,
)

/** One player beside the board: who, which colour, their clock. */
data class OnlineSideUi(
    val player: Player,
    /** "You (White)", "Bo (Black)". */
    val name: UiText,
    val panel: PlayerUi,
    val timer: TimerUi?,
    val online: Boolean,
    /** Away this many whole minutes (the engine counts them); null while online. */
    val awayMinutes: Int? = null,
)

/** A room being played: waiting for the friend, the game, then its result and the rematch. */
data class OnlineUiState(
    val connection: ConnectionUi,
    /** `null` until the server has made, joined or opened the room. */
    val game: GameId?,
    /** The invite code as people read it (`K7QM-2XRP-9DTA`). */
    val code: String?,
    val link: String?,
    /** The room's turn timer in seconds, 0 when off; `null` until the server has given the room. */
    val timerSeconds: Int?,
    /** The room waits for its second player (the invite is shown). */
    val waiting: Boolean,
    val opponentName: String?,
    val opponentOnline: Boolean,
    val board: BoardUiState?,
    /** The opponent, then this device. */
    val sides: List<OnlineSideUi>,
    val myTurn: Boolean,
    /** "Place a piece", "Waiting for Bo", "Sending your turn…". */
    val prompt: UiText?,
    /** Why the last tap did nothing, or the server refused the turn. */
    val message: UiText?,
    val announcement: UiText?,
    val canResign: Boolean,
    /** The finished game: "You win!" and why. */
    val result: UiText?,
    val resultReason: UiText?,
    val rematchAskedByMe: Boolean,
    val rematchAskedByOpponent: Boolean,
    /** The opponent sits here: Report is offered (and Block until they are blocked). */
    val canReport: Boolean = false,
    /** This device blocked the opponent: their name is never shown ("Opponent" instead). */
    val opponentBlocked: Boolean = false,
)
