package app.mills.ui.online

import androidx.lifecycle.ViewModel
import app.mills.data.BoardFeed
import app.mills.data.InviteSharing
import app.mills.data.OnlineRepository
import app.mills.game.Announcer
import app.mills.game.GameEffect
import app.mills.game.GameUiMapper
import app.mills.game.Motion
import app.mills.game.PlayerNames
import app.mills.game.TimerUi
import app.mills.game.Transient
import app.mills.game.motionEffect
import app.mills.game.opponent
import app.mills.game.toUiText
import app.mills.strings.StringKey
import app.mills.strings.Strings
import app.mills.strings.UiText
import app.mills.strings.text
import kotlinx.coroutines.flow.MutableSharedFlow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharedFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asSharedFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.OnlineEvent
import uniffi.mills_ffi.OnlineSession
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.ReportReason
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict
import uniffi.mills_ffi.TurnTimer

/**
 * One room on the server, played on the engine's [OnlineSession]: the engine speaks to the
 * server, reconnects, resends and keeps the clock; this draws its board and animates its
 * changes ([BoardFeed]) like a local game, and adds the room, the opponent, both clocks and the
 * connection. Every event of the session arrives on the main thread and redraws. Call it from
 * the main thread.
 */
class OnlineGameViewModel(
    private val repository: OnlineRepository,
    private val sharing: InviteSharing,
) : ViewModel() {
    private val state = MutableStateFlow<OnlineUiState?>(null)
    private val effectFlow = MutableSharedFlow<GameEffect>(extraBufferCapacity = 16)
    private var session: OnlineSession? = null
    private val rooms = RoomEvents(::onEvent)
    private val board = BoardFeed()
    private var transient = Transient()
    private var foreground = true

    val uiState: StateFlow<OnlineUiState?> = state.asStateFlow()

    private val inviteQuestion = MutableStateFlow<String?>(null)

    /** An invite opened during this room's game: the player is asked to leave for it or stay. */
    val inviteToConfirm: StateFlow<String?> = inviteQuestion.asStateFlow()

    /** A room is open and its game not over (or it waits for the friend): another room would leave it. */
    val hasGameInProgress: Boolean get() = session != null && state.value?.result == null

    /** Asks the player about [invite] before anything is left. */
    fun askToOpenInvite(invite: String) {
        inviteQuestion.value = invite
    }

    /** The player's answer: the invite to open now when they [leave] this game, else null. */
    fun answerInvite(leave: Boolean): String? {
        val invite = inviteQuestion.value
        inviteQuestion.value = null
        return invite.takeIf { leave }
    }

    val effects: SharedFlow<GameEffect> = effectFlow.asSharedFlow()

    /** Creates a room; `null` once it is being made, or why not (the address, the secret's file). */
    fun create(game: GameId, timer: TurnTimer): UiText? {
        val (number, events) = rooms.next()
        return start(repository.create(game, timer, events), number)
    }

    /** Joins the room of [invite] (a code as typed, or a link); `null`, or why not. */
    fun join(invite: String): UiText? {
        val (number, events) = rooms.next()
        return start(repository.join(invite, events), number)
    }

    /**
     * Opens the saved room again (after the app was killed), on its own server; `null`, or why
     * not. A room this view model still has open is shown as it is: a second connection for the
     * same seat would make the server drop the first.
     */
    fun reopen(): UiText? {
        val saved = repository.saved() ?: return text(StringKey.OnlineReturnGone)
        if (session?.status()?.room?.code == saved.room) return null
        val (number, events) = rooms.next()
        val opened = repository.reopen(events) ?: return text(StringKey.OnlineReturnGone)
        return start(opened, number)
    }

    fun onPointTap(point: String) {
        val s = session ?: return
        val result = try {
            s.tap(point)
        } catch (e: uniffi.mills_ffi.MillsException) {
            return say(e.toUiText())
        }
        transient = transient.copy(message = null)
        val step = result.step
        when (result.verdict) {
            TapVerdict.NotYourTurn -> transient = transient.copy(message = text(StringKey.OnlineNotYourTurn))
            TapVerdict.AwaitingServer -> transient = transient.copy(message = text(StringKey.OnlineSending))
            else -> if (step is TapStep.Refused) {
                transient = transient.copy(message = step.refusal.toUiText(), shakePoint = point, shakeKey = transient.shakeKey + 1)
                effectFlow.tryEmit(GameEffect.Refused)
            }
        }
        render()
    }

    fun resign() {
        session?.resign()
        render()
    }

    fun rematch() {
        session?.rematch()
        render()
    }

    /** Reports the opponent to the server's operator; the engine says when it is stored. */
    fun report(reason: ReportReason) {
        session?.report(reason)
        render()
    }

    /** Blocks the opponent: the engine hides their name at once, the server seats them with this device nowhere again. */
    fun block() {
        session?.block()
        render()
    }

    /** The share sheet with the invite: its code and link in a sentence, in [strings]' language. */
    fun shareInvite(strings: Strings) {
        val s = state.value ?: return
        val link = s.link ?: return
        val game = s.game?.let { UiText.GameName(it).resolve(strings) } ?: ""
        sharing.share(text(StringKey.OnlineInviteText, game, link, s.code ?: "").resolve(strings), link)
    }

    /** The banner's Try again (after a refusal or a closed connection). */
    fun retry() {
        session?.resume()
        render()
    }

    /** Reads the session again: how long the opponent has been away moves on without an event. */
    fun refresh() = render()

    /** The app went to the background (false: the connection is closed) or came back (true: reconnect now). */
    fun setForeground(value: Boolean) {
        if (foreground == value) return
        foreground = value
        session?.let { if (value) it.resume() else it.pause() }
        render()
    }

    /** The room's screen is left: the connection is closed (the server keeps the room). */
    fun close() {
        board.follow(null)
        session?.shutDown()
        session?.close()
        session = null
        state.value = null
    }

    override fun onCleared() = close()

    private fun start(opened: OnlineRepository.Opened, number: Int): UiText? {
        close()
        return when (opened) {
            is OnlineRepository.Opened.Refused -> opened.error.toUiText()
            is OnlineRepository.Opened.CleartextRefused -> text(StringKey.ErrorCleartextNotPermitted)
            is OnlineRepository.Opened.Session -> {
                session = opened.session
                rooms.opened(number)
                board.follow(opened.session.board())
                transient = Transient()
                if (!foreground) opened.session.pause()
                render()
                null
            }
        }
    }

    private fun say(message: UiText) {
        transient = transient.copy(message = message)
        render()
    }

    private fun onEvent(event: OnlineEvent) {
        if (session == null) return
        when (event) {
            is OnlineEvent.TurnRefused -> transient = transient.copy(message = text(StringKey.OnlineTurnRefused))
            is OnlineEvent.TurnTimedOut -> effectFlow.tryEmit(GameEffect.TimedOut)
            is OnlineEvent.GameOver -> {
                val you = session?.status()?.room?.you
                effectFlow.tryEmit(if (event.outcome.winner == you) GameEffect.Won else GameEffect.Lost)
            }
            is OnlineEvent.RematchStarted -> transient = Transient(motionKey = transient.motionKey + 1)
            OnlineEvent.OpponentReported -> transient = transient.copy(message = text(StringKey.OnlineReportSent))
            OnlineEvent.OpponentBlocked -> transient = transient.copy(message = text(StringKey.OnlineBlocked))
            is OnlineEvent.RequestRefused -> transient = transient.copy(message = requestRefusedText(event.code))
            else -> Unit
        }
        render()
    }

    /** Redraws from the session's status and snapshot; animates the board's changes since the last look. */
    private fun render() {
        val s = session ?: return
        val status = s.status()
        board.refresh()
        val changes = board.takeChanges()
        val snapshot = board.snapshot.value ?: return
        val room = status.room
        val you = room?.you ?: Player.P1
        val opponentName = status.opponentName
        val names = PlayerNames(GameMode.PassAndPlay)
        if (changes.isNotEmpty()) {
            val motions = Motion.of(changes)
            val formed = changes.any { it.lines.isNotEmpty() }
            val said = Announcer.describe(motions, snapshot.config.game, names, formed)
            transient = transient.copy(motions = motions, motionKey = transient.motionKey + 1, announcement = said ?: transient.announcement)
            motionEffect(motions, formed)?.let(effectFlow::tryEmit)
        }
        val waiting = room == null || room.players.any { !it.joined }
        val over = snapshot.outcome != null
        val myTurn = !waiting && !over && snapshot.toMove == you
        val mapped = GameUiMapper.map(snapshot, transient)
        val board = if (myTurn && !status.awaitingServer) {
            mapped.board
        } else {
            mapped.board.copy(points = GameUiMapper.pointsUi(snapshot.points, snapshot.lastTurnPoints, null, names))
        }
        val opponentText: UiText = opponentName?.let { UiText.Raw(it) }
            ?: text(if (status.opponentBlocked) StringKey.OnlineOpponentBlocked else StringKey.OnlineOpponent)
        val now = System.nanoTime()
        val limit = room?.timerSeconds?.toLong()?.times(1_000) ?: 0L
        fun side(player: Player, who: UiText, online: Boolean, awayMinutes: Int? = null) = OnlineSideUi(
            player = player,
            name = text(StringKey.OnlineSideName, who, names.colour(player)),
            panel = mapped.player(player),
            timer = status.clocks.firstOrNull { it.player == player }?.leftMs?.takeIf { limit > 0 }?.let { left ->
                val running = status.clocks.first { it.player == player }.running && !waiting
                TimerUi(player, left.toLong(), limit, running, now)
            },
            online = online,
            awayMinutes = awayMinutes.takeIf { !online },
        )
        val prompt = when {
            waiting || over -> null
            status.awaitingServer -> text(StringKey.OnlineSending)
            myTurn -> mapped.prompt
            else -> text(StringKey.OnlineTheirTurn, opponentText)
        }
        val winner = snapshot.outcome?.winner
        state.value = OnlineUiState(
            connection = connectionUi(status.connection),
            game = room?.game,
            code = room?.code?.chunked(4)?.joinToString("-"),
            link = room?.link,
            timerSeconds = room?.timerSeconds?.toInt(),
            waiting = waiting,
            opponentName = opponentName,
            opponentOnline = status.opponentOnline,
            board = board.takeIf { !waiting },
            sides = listOf(side(you.opponent(), opponentText, status.opponentOnline, status.opponentAwayMinutes?.toInt()), side(you, text(StringKey.PlayerYou), true)),
            myTurn = myTurn,
            prompt = prompt,
            message = transient.message,
            announcement = transient.announcement,
            canResign = !waiting && !over,
            result = if (!over) null else when (winner) {
                null -> text(StringKey.ResultDraw)
                you -> text(StringKey.ResultYouWin)
                else -> text(StringKey.ResultYouLose)
            },
            resultReason = mapped.result?.reason,
            rematchAskedByMe = you in status.rematchAsked,
            rematchAskedByOpponent = you.opponent() in status.rematchAsked,
            canReport = !waiting,
            opponentBlocked = status.opponentBlocked,
        )
    }
}
