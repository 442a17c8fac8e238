package app.mills.game

import app.mills.data.RulesCatalog
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.EndReason
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Outcome
import uniffi.mills_ffi.NextStep
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.PointState
import uniffi.mills_ffi.SideState
import uniffi.mills_ffi.Snapshot
import uniffi.mills_ffi.TurnTimer

/** What the view model adds to a snapshot: the latest change and the messages of the moment. */
data class Transient(
    val motions: List<Motion> = emptyList(),
    val motionKey: Int = 0,
    val announcement: UiText? = null,
    val message: UiText? = null,
    val shakePoint: String? = null,
    val shakeKey: Int = 0,
    val resultDismissed: Boolean = false,
    val faceToFace: Boolean = false,
)

/** Turns the engine's [Snapshot] into what the game screen shows. Pure: no state, no I/O. */
object GameUiMapper {
    fun map(snapshot: Snapshot, transient: Transient, nowNanos: Long = System.nanoTime()): GameUiState {
        val names = PlayerNames(snapshot.config.mode)
        val game = snapshot.config.game
        val over = snapshot.outcome != null
        val humanToMove = !over && snapshot.toMove != names.computer
        val prompt = when {
            over -> text(StringKey.PromptGameOver)
            !humanToMove -> text(StringKey.PromptThinking)
            else -> promptFor(snapshot.next)
        }
        val points = pointsUi(snapshot.points, snapshot.lastTurnPoints, targetKindFor(snapshot.next).takeIf { humanToMove }, names)
        return GameUiState(
            game = game,
            title = UiText.GameName(game),
            modeLabel = modeLabel(snapshot.config.mode),
            passAndPlay = names.computer == null,
            board = BoardUiState(
                points = points,
                showStable = RulesCatalog.info(game).stableCell != null,
                stableP1 = snapshot.p1.stable.toInt(),
                stableP2 = snapshot.p2.stable.toInt(),
                lines = snapshot.linesFormed,
                motions = transient.motions,
                motionKey = transient.motionKey,
                shakePoint = transient.shakePoint,
                shakeKey = transient.shakeKey,
            ),
            p1 = playerUi(snapshot.p1, Player.P1, !over && snapshot.toMove == Player.P1, names, prompt.takeIf { humanToMove }),
            p2 = playerUi(snapshot.p2, Player.P2, !over && snapshot.toMove == Player.P2, names, prompt.takeIf { humanToMove }),
            nearPlayer = names.human ?: Player.P1,
            toMove = snapshot.toMove,
            status = statusFor(snapshot, names),
            prompt = prompt,
            announcement = transient.announcement,
            message = transient.message,
            thinking = snapshot.computerThinking,
            canUndo = snapshot.canUndo,
            canRedo = snapshot.canRedo,
            canResign = !over,
            newGameNeedsConfirm = snapshot.unfinished,
            result = snapshot.outcome?.let { resultUi(it, snapshot, names) },
            showResult = over && !transient.resultDismissed,
            timer = snapshot.timeLeftMs?.let { left ->
                TimerUi(
                    player = snapshot.toMove,
                    remainingMs = left.toLong(),
                    totalMs = (snapshot.turnLimitMs ?: left).toLong(),
                    running = snapshot.timerRunning && !snapshot.paused,
                    stampNanos = nowNanos,
                )
            },
            faceToFace = transient.faceToFace && names.computer == null,
            turns = snapshot.turns.toInt(),
        )
    }

    fun modeLabel(mode: GameMode): UiText = when (mode) {
        is GameMode.VsComputer -> text(StringKey.ModeVsComputer, text(StringKey.level(mode.level.toInt())))
        GameMode.PassAndPlay -> text(StringKey.ModePassAndPlay)
    }

    fun promptFor(next: NextStep): UiText = when (next) {
        NextStep.Place -> text(StringKey.PromptPlace)
        NextStep.PickPiece -> text(StringKey.PromptPick)
        is NextStep.PickDestination -> text(StringKey.PromptDestination, next.from)
        is NextStep.Pin -> if (next.remaining > 1u) {
            text(StringKey.PromptPinMore, next.remaining.toInt())
        } else {
            text(StringKey.PromptPin)
        }
        is NextStep.Capture -> if (next.remaining > 1u) {
            text(StringKey.PromptCaptureMore, next.remaining.toInt())
        } else {
            text(StringKey.PromptCapture)
        }
        NextStep.Pull -> text(StringKey.PromptPull)
        is NextStep.StepAfterPull -> next.from?.let { text(StringKey.PromptDestination, it) }
            ?: text(StringKey.PromptStepAfterPull)
        NextStep.GameOver -> text(StringKey.PromptGameOver)
    }

    fun targetKindFor(next: NextStep): TargetKind? = when (next) {
        NextStep.Place -> TargetKind.Place
        NextStep.PickPiece -> TargetKind.Pick
        is NextStep.PickDestination -> TargetKind.Destination
        is NextStep.Pin -> TargetKind.Pin
        is NextStep.Capture -> TargetKind.Capture
        NextStep.Pull -> TargetKind.Pull
        is NextStep.StepAfterPull -> if (next.from == null) TargetKind.Pick else TargetKind.Destination
        NextStep.GameOver -> null
    }

    /** The points as drawn: [targetKind] marks the engine's targets (`null`: none, e.g. in review). */
    fun pointsUi(points: List<PointState>, lastTurn: List<String>, targetKind: TargetKind?, names: PlayerNames): List<PointUi> {
        val lastTurnPoints = lastTurn.toSet()
        return points.map { point ->
            val target = if (point.target) targetKind else null
            PointUi(
                name = point.name,
                grid = BoardGeometry.gridOf(point.name),
                owner = point.owner,
                target = target,
                selected = point.selected,
                inMill = point.inMill,
                lastTurn = point.name in lastTurnPoints,
                description = describePoint(point, target, point.name in lastTurnPoints, names),
            )
        }
    }

    private fun describePoint(point: PointState, target: TargetKind?, lastTurn: Boolean, names: PlayerNames): UiText {
        val parts = mutableListOf<UiText>(UiText.Raw(point.name))
        parts += point.owner?.let(names::piece) ?: text(StringKey.PointEmpty)
        if (point.selected) parts += text(StringKey.PointSelected)
        target?.let {
            parts += text(
                when (it) {
                    TargetKind.Place -> StringKey.PointCanPlace
                    TargetKind.Pick -> StringKey.PointCanMove
                    TargetKind.Destination -> StringKey.PointCanMoveHere
                    TargetKind.Pin -> StringKey.PointCanPin
                    TargetKind.Capture -> StringKey.PointCanCapture
                    TargetKind.Pull -> StringKey.PointCanPull
                },
            )
        }
        if (point.inMill) parts += text(StringKey.PointInMill)
        if (lastTurn) parts += text(StringKey.PointLastTurn)
        return UiText.Joined(parts)
    }

    /** A player's panel from the engine's counts for that side ([active]: their turn). */
    fun playerUi(side: SideState, player: Player, active: Boolean, names: PlayerNames, prompt: UiText?): PlayerUi {
        // The engine's panel: in hand, on board, then the game's own tally (pins, stable, captures).
        val tallyCount = side.panel.last()
        val label = text(StringKey.ofResource(tallyCount.nameKey))
        val tally = tallyCount.value.toInt()
        return PlayerUi(
            player = player,
            name = names.name(player),
            isComputer = side.isComputer,
            active = active,
            inHand = side.inHand.toInt(),
            onBoard = side.onBoard.toInt(),
            tallyLabel = label,
            tally = tally,
            prompt = prompt.takeIf { active },
            summary = text(StringKey.PanelSummary, names.name(player), side.inHand.toInt(), side.onBoard.toInt(), label, tally),
        )
    }

    private fun statusFor(snapshot: Snapshot, names: PlayerNames): UiText = when {
        snapshot.outcome != null -> text(StringKey.PromptGameOver)
        snapshot.toMove == names.computer -> text(StringKey.TurnComputer)
        snapshot.toMove == names.human -> text(StringKey.TurnYours)
        else -> text(StringKey.TurnPlayer, names.colour(snapshot.toMove))
    }

    private fun resultUi(result: Outcome, snapshot: Snapshot, names: PlayerNames): ResultUi {
        val winner = result.winner
        val title = when {
            winner == null -> text(StringKey.ResultDraw)
            names.human == null -> text(StringKey.ResultPlayerWins, names.colour(winner))
            winner == names.human -> text(StringKey.ResultYouWin)
            else -> text(StringKey.ResultYouLose)
        }
        val loser = winner?.opponent()
        val reason = when (result.reason) {
            EndReason.TOOK_ALL -> loser?.let { text(StringKey.ReasonTookAll, names.colour(it)) }
            EndReason.REDUCED_TO_TWO -> loser?.let { text(StringKey.ReasonReducedToTwo, names.colour(it)) }
            EndReason.THREE_IN_LINE -> winner?.let { text(StringKey.ReasonThreeInLine, names.colour(it)) }
            EndReason.BLOCKED -> loser?.let { text(StringKey.ReasonBlocked, names.colour(it)) }
            EndReason.RESIGNATION -> loser?.let { text(StringKey.ReasonResignation, names.colour(it)) }
            EndReason.BOARD_FULL -> text(StringKey.ReasonBoardFull)
            EndReason.BOTH_AT_TWO -> text(StringKey.ReasonBothAtTwo)
            EndReason.REPETITION -> text(StringKey.ReasonRepetition)
            EndReason.QUIET_TURNS -> text(StringKey.ReasonQuietTurns)
        }
        return ResultUi(
            title = title,
            reason = reason,
            turns = snapshot.turns.toInt(),
            winner = winner,
            humanWon = names.human?.let { human -> winner?.let { it == human } },
        )
    }
}
