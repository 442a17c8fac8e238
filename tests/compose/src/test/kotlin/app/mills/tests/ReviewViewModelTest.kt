package app.mills.tests

import app.mills.data.UserSettings
import app.mills.desktop.XmlStrings
import app.mills.game.HintRole
import app.mills.strings.UiText
import app.mills.ui.navigation.Route
import app.mills.ui.openRecord
import app.mills.ui.openRecordReplacingUnfinished
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player

/** The move list, review, play from here, hints, the evaluation bar and records, through the view model. */
class ReviewViewModelTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val apps = mutableListOf<SharingTestApp>()

    private fun app(game: GameId = GameId.TWELVE_MENS_MORRIS, settings: UserSettings = UserSettings(), vsComputer: Boolean = false) =
        SharingTestApp(settings).also {
            apps += it
            it.start(game, vsComputer)
        }

    private fun UiText?.en() = this?.resolve(en)

    /** The record of a finished game, played in an app of its own: Linked-Horse, a1 g1, White resigns. */
    private fun resignedLinkedHorseRecord(): String {
        val finished = app(GameId.LINKED_HORSE)
        finished.play("a1", "g1")
        onMain { finished.game.resign() }
        onMain { finished.game.showRecord() }
        return finished.state().record!!.text
    }

    @AfterEach
    fun close() = apps.forEach { it.close() }

    @Test
    fun theMoveListNumbersEachTurnInTheEnginesNotationAndMarksTheOneToPlay() {
        val app = app()
        // a turn half played (the capture is owed) is the current one, marked as such
        app.play(*CAPTURE_GAME.copyOfRange(0, 9))
        val during = app.state().moves.rows
        assertEquals(9, during.size)
        assertEquals("being played", during[8].note.en())
        assertTrue(during[8].highlighted && !during[8].pending)
        app.play(*CAPTURE_GAME.copyOfRange(9, CAPTURE_GAME.size))
        val moves = app.state().moves
        assertEquals(10, moves.turns)
        assertEquals((1..11).toList(), moves.rows.map { it.number })
        assertEquals("a7xg1", moves.rows[8].notation.en())
        assertEquals(Player.P1, moves.rows[8].player)
        assertEquals("Turn 9, White: a7xg1", moves.rows[8].description.en())
        // the turn to play is a row of its own, highlighted, not selectable
        val last = moves.rows.last()
        assertTrue(last.pending && last.highlighted, "$last")
        assertEquals("Turn 11, White: to play, current turn", last.description.en())
        assertEquals(1, moves.rows.count { it.highlighted })
    }

    @Test
    fun reviewStepsBackAndForwardAndLeavesTheLiveGameAlone() {
        val app = app()
        onMain { app.viewModels.app.openGame() }
        app.play(*CAPTURE_GAME)
        val live = owners(app.snapshot())
        assertFalse(app.snapshot().paused, "the game is on screen: its timer runs")
        onMain { app.game.reviewBack() }
        var state = app.state()
        assertEquals(9, state.review?.position)
        assertEquals("After turn 9 of 10: White a7xg1", state.review?.caption.en())
        assertEquals("Black to play", state.review?.toPlay.en())
        assertNull(state.board.points.first { it.name == "d6" }.owner)
        assertEquals(8, state.moves.rows.indexOfFirst { it.highlighted })
        assertTrue(state.board.points.first { it.name == "a7" }.lastTurn)
        // the panels count what that position had
        assertEquals(1, state.p1.tally)

        onMain { app.game.reviewBack() }
        state = app.state()
        assertEquals(8, state.review?.position)
        assertNull(state.board.points.first { it.name == "a7" }.owner)
        assertEquals(Player.P2, state.board.points.first { it.name == "g1" }.owner)
        // taps on the board play nothing while reviewing, and say why
        onMain { app.game.onPointTap("b6") }
        assertEquals(live, owners(app.snapshot()))
        assertTrue(app.state().review?.message.en()!!.startsWith("This is an earlier position"))

        onMain { app.game.reviewForward() }
        assertEquals(9, app.state().review?.position)
        onMain { app.game.showTurn(0) }
        assertEquals(1, app.state().review?.position)
        assertEquals(live, owners(app.snapshot()))
        assertTrue(app.snapshot().paused, "the timer waits while the player reviews")

        onMain { app.game.exitReview() }
        state = app.state()
        assertNull(state.review)
        assertFalse(app.snapshot().paused, "back in the game, the timer runs again")
        assertEquals(Player.P2, state.board.points.first { it.name == "d6" }.owner)
    }

    @Test
    fun playFromHereMakesTheReviewedPositionLive() {
        val app = app()
        app.play(*CAPTURE_GAME)
        onMain { app.game.showTurn(7) }
        assertEquals(8, app.state().review?.position)
        onMain { app.game.playFromHere() }
        val state = app.state()
        assertNull(state.review)
        assertNull(owners(app.snapshot())["a7"])
        assertEquals(Player.P2, owners(app.snapshot())["g1"])
        assertTrue(state.canRedo)
        assertEquals("The game is back at turn 9", state.announcement.en())
        assertEquals(8, state.moves.turns)
        // and the game goes on from there
        app.play("b6")
        assertEquals("b6", app.state().moves.rows[8].notation.en())
    }

    @Test
    fun playFromHereAgainstTheComputerFollowsTheUndoRules() {
        val app = app(vsComputer = true)
        app.play("a1")
        eventually { app.snapshot().p2.onBoard.toInt() == 1 && !app.snapshot().computerThinking }
        app.play("a4")
        eventually { app.snapshot().p2.onBoard.toInt() == 2 && !app.snapshot().computerThinking }
        // position 3: after the human's second turn, the computer to move
        onMain { app.game.showTurn(2) }
        assertEquals(Player.P2, app.state().toMove)
        onMain { app.game.playFromHere() }
        val snapshot = app.snapshot()
        assertEquals(Player.P1, snapshot.toMove, "the human moves next")
        assertEquals(2u, snapshot.actionCount)
        assertNull(app.state().review)
    }

    @Test
    fun aHintIsDrawnOnTheBoardAnnouncedAndCounted() {
        val app = app()
        // a7 closes P1's mill and blocks P2's: the best turn at every depth and time
        app.play("a1", "d7", "a4", "g7")
        onMain { app.game.onHint() }
        assertTrue(app.state().hintBusy)
        assertEquals("Looking for a hint…", app.state().announcement.en())
        eventually(explain = { "${app.state().board.hint}" }) { app.state().board.hint != null }
        val state = app.state()
        assertFalse(state.hintBusy)
        val hint = state.board.hint!!
        assertEquals("a7", hint.destination)
        assertEquals(1, hint.removals.size)
        val removal = hint.removals.single()
        assertEquals(HintRole.Destination, state.board.points.first { it.name == "a7" }.hint)
        assertEquals(HintRole.Removal, state.board.points.first { it.name == removal }.hint)
        assertTrue(state.board.points.first { it.name == removal }.description.en()!!.endsWith("hint: take this piece"))
        assertEquals("Hint: place a piece on a7, then take $removal", state.announcement.en())
        assertEquals(1, state.hintsUsed)
        // played as hinted, the hint is gone and the record counts it
        app.play("a7", removal)
        assertNull(app.state().board.hint)
        onMain { app.game.showRecord() }
        assertTrue(app.state().record!!.text.contains("\nhints: 1\n"))
        assertEquals(1, app.state().record!!.hintsUsed)
    }

    @Test
    fun aSecondTapOnHintStopsTheSearch() {
        val app = app()
        app.play("a1", "g1")
        onMain { app.game.onHint() }
        assertTrue(app.state().hintBusy)
        onMain { app.game.onHint() }
        assertFalse(app.state().hintBusy)
        assertNull(app.state().board.hint)
        // searches run one at a time: once a new hint is in, the stopped one has ended,
        // uncounted if it was stopped while searching or before it began; a search that had
        // already found its hint when the tap came is counted (the engine counts a hint it
        // gave, even one too late to show), which a fast machine can reach
        onMain { app.game.onHint() }
        eventually { app.state().board.hint != null }
        assertTrue(app.state().hintsUsed in 1..2, "hints used: ${app.state().hintsUsed}")
        // no hint while reviewing
        onMain { app.game.showTurn(0) }
        assertFalse(app.state().canHint)
    }

    @Test
    fun theEvaluationBarIsOffByDefaultAndThenFollowsEachTurn() {
        val off = app()
        off.play("a1")
        assertFalse(off.state().showEvaluation)
        assertFalse(UserSettings().evaluationBar)

        val app = app()
        onMain { app.viewModels.settings.setEvaluationBar(true) }
        assertTrue(app.store.read().evaluationBar, "persisted like the other settings")
        app.play("a1")
        assertTrue(app.state().showEvaluation)
        eventually { app.state().evaluation != null }
        val words = app.state().evaluation!!.words.en()!!
        assertTrue(words == "Level" || words.startsWith("White") || words.startsWith("Black"), words)
        // the game over is known exactly: Black resigns, White has won
        onMain { app.game.resign() }
        eventually(explain = { "${app.state().evaluation?.words.en()}" }) { app.state().evaluation?.words.en() == "White has won" }
        assertEquals(1f, app.state().evaluation!!.bar)
        assertEquals("白方已获胜", app.state().evaluation!!.words.resolve(zh))
        // hidden while reviewing (it is about the live game)
        onMain { app.game.reviewGame() }
        assertFalse(app.state().showEvaluation)
    }

    @Test
    fun aRecordIsCopiedSharedAndOpensAgainForReview() {
        val app = app()
        app.play(*CAPTURE_GAME)
        onMain { app.game.showRecord() }
        val text = app.state().record!!.text
        assertTrue(text.startsWith("mills-record 1\ngame: twelve-mens-morris\n"), text)
        assertTrue(text.contains("\n9. P1 a7xg1\n"), text)
        onMain { app.game.copyRecord() }
        assertEquals(text, app.sharing.clipboard)
        assertEquals("Game record copied", app.state().announcement.en())
        onMain { app.game.shareRecord("Mills game record") }
        assertEquals(listOf(text to "Mills game record"), app.sharing.shared)
        onMain { app.game.closeRecord() }
        assertNull(app.state().record)

        val before = app.games.sessionId
        // the record would end the game it was copied from, which is unfinished: asked first
        assertFalse(onMain { app.game.importFromClipboard() })
        assertEquals(before, app.games.sessionId)
        val pending = app.game.recordToConfirm.value!!
        assertEquals(text, pending.text)
        assertTrue(onMain { app.game.importRecord(pending.text, replaceUnfinished = true) })
        val state = app.state()
        assertTrue(app.games.sessionId != before)
        assertEquals(GameMode.PassAndPlay, app.snapshot().config.mode)
        assertEquals(10, state.review?.position)
        assertEquals(10, state.review?.turns)
        assertTrue(state.moves.open)
        assertEquals("a7xg1", state.moves.rows[8].notation.en())
        assertEquals("Game record opened for review: Twelve Men's Morris, 10 turns", state.announcement.en())
        onMain { app.game.reviewBack() }
        assertEquals("After turn 9 of 10: White a7xg1", app.state().review?.caption.en())
        assertNull(app.game.importError.value)
    }

    @Test
    fun aBadRecordIsRefusedWithItsTurnAndLoadsNothing() {
        val app = app()
        app.play(*CAPTURE_GAME)
        onMain { app.game.showRecord() }
        val good = app.state().record!!.text
        onMain { app.game.closeRecord() }
        val live = owners(app.snapshot())
        val session = app.games.sessionId

        assertFalse(onMain { app.game.importRecord(good.replace("9. P1 a7xg1", "9. P1 a7xa1")) })
        assertEquals("The game record cannot be replayed: turn 9 is not legal", app.game.importError.value.en())
        assertEquals("棋谱无法重放：第 9 回合不合规则", app.game.importError.value!!.resolve(zh))
        assertEquals(session, app.games.sessionId)
        assertEquals(live, owners(app.snapshot()))
        assertNull(app.state().review)

        onMain { app.game.dismissImportError() }
        assertNull(app.game.importError.value)
        assertFalse(onMain { app.game.importRecord(good.removeSuffix("end\n")) })
        assertEquals("This game record is cut off before its end", app.game.importError.value.en())
        app.sharing.clipboard = null
        assertFalse(onMain { app.game.importFromClipboard() })
        assertEquals("The clipboard has no text to open", app.game.importError.value.en())
        assertEquals(session, app.games.sessionId)
    }

    @Test
    fun theResultOffersReviewAndCountsHints() {
        val app = app(GameId.LINKED_HORSE)
        app.play("a1")
        onMain { app.game.resign() }
        val result = app.state()
        assertTrue(result.showResult)
        assertEquals(0, result.result?.hintsUsed)
        onMain { app.game.reviewGame() }
        val state = app.state()
        assertFalse(state.showResult)
        assertEquals(1, state.review?.position)
        assertEquals("Final position", state.review?.toPlay.en())
        assertNotNull(state.moves.rows.lastOrNull { it.highlighted })
    }

    @Test
    fun aSharedRecordOpensOnTheGameScreenAndAFinishedOneShowsNoResultDialog() {
        val app = app(GameId.LINKED_HORSE)
        app.play("a1", "g1")
        onMain { app.game.resign() }
        onMain { app.game.showRecord() }
        val text = app.state().record!!.text
        assertTrue(text.contains("\n3. P1 resigns\n"), text)
        onMain { app.game.closeRecord() }
        onMain { app.viewModels.app.back() }

        // what the Android shell does with a text shared to the app
        onMain { app.viewModels.openRecord(text) }
        assertEquals(Route.Game, app.viewModels.app.current)
        val state = app.state()
        assertEquals(2, state.review?.position)
        assertEquals("Turn 3, White: resigned", state.moves.rows.last().description.en())
        onMain { app.game.exitReview() }
        assertFalse(app.state().showResult, "the result was in the review already")
        assertEquals("Black wins!", app.state().result?.title.en())
    }

    @Test
    fun aRecordThatWouldEndAnUnfinishedGameWaitsForThePlayersWord() {
        // the record of a finished game of Linked-Horse, then an unfinished Twelve Men's Morris
        val text = resignedLinkedHorseRecord()
        val app = app()
        app.play(*CAPTURE_GAME)
        val live = owners(app.snapshot())
        onMain { app.viewModels.app.back() }

        // a bad record is refused at once, whatever is in progress: no question
        onMain { app.viewModels.openRecord(text.replace("2. P2 g1", "2. P2 a1")) }
        assertNotNull(app.game.importError.value)
        assertNull(app.game.recordToConfirm.value)
        onMain { app.game.dismissImportError() }

        // a good one waits, naming the game it would end; nothing is loaded yet
        onMain { app.viewModels.openRecord(text) }
        val pending = app.game.recordToConfirm.value
        assertEquals(GameId.TWELVE_MENS_MORRIS, pending?.unfinished?.game)
        assertEquals(10, pending?.unfinished?.turns)
        assertEquals(Route.Home, app.viewModels.app.current)
        assertEquals(live, owners(app.snapshot()))

        // kept: the record is dropped and the game goes on where it was
        onMain { app.game.keepUnfinishedGame() }
        assertNull(app.game.recordToConfirm.value)
        assertEquals(live, owners(app.snapshot()))
        assertEquals(GameId.TWELVE_MENS_MORRIS, app.snapshot().config.game)

        // asked again and agreed: the record opens in review and the game it ended is gone
        onMain { app.viewModels.openRecord(text) }
        onMain { app.viewModels.openRecordReplacingUnfinished() }
        assertNull(app.game.recordToConfirm.value)
        assertEquals(Route.Game, app.viewModels.app.current)
        assertEquals(GameId.LINKED_HORSE, app.snapshot().config.game)
        assertEquals(2, app.state().review?.position)

        // a finished game (the record's own) is not asked about
        onMain { app.game.exitReview() }
        onMain { app.viewModels.openRecord(text) }
        assertNull(app.game.recordToConfirm.value)
        assertEquals(GameId.LINKED_HORSE, app.snapshot().config.game)
    }

    @Test
    fun aGameTheComputerHasOnlyOpenedIsNotAskedAbout() {
        val text = resignedLinkedHorseRecord()

        // the computer places first; after its opening turn nothing of the player's is lost
        val app = app(settings = UserSettings(level = 1, humanSide = Player.P2), vsComputer = true)
        eventually { app.snapshot().turns.toInt() == 1 && !app.snapshot().computerThinking }
        assertFalse(app.snapshot().unfinished)
        onMain { app.viewModels.openRecord(text) }
        assertNull(app.game.recordToConfirm.value)
        assertEquals(GameId.LINKED_HORSE, app.snapshot().config.game)
        assertEquals(2, app.state().review?.position)
    }
}
