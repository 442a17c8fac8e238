package app.mills.tests

import app.mills.desktop.XmlStrings
import app.mills.game.PlayerNames
import app.mills.game.ReviewUiMapper
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.Evaluation
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnEnd
import uniffi.mills_ffi.TurnEntry
import uniffi.mills_ffi.Verdict

/** How the engine's move list entries, verdicts and hints read, in English and Chinese. */
class ReviewUiMapperTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val names = PlayerNames(GameMode.PassAndPlay)
    private val apps = mutableListOf<SharingTestApp>()

    @AfterEach
    fun close() = apps.forEach { it.close() }

    @Test
    fun passesAndResignationsAreShownAsSuch() {
        // entries as the engine gives them for a turn the timer cut short and a resignation
        val entries = listOf(
            TurnEntry(0u, Player.P1, "a1", listOf("a1"), TurnEnd.COMPLETE),
            TurnEntry(1u, Player.P2, "pass", emptyList(), TurnEnd.TIMER_PASS),
            TurnEntry(2u, Player.P1, "resigns", emptyList(), TurnEnd.RESIGNATION),
        )
        val list = ReviewUiMapper.moveList(
            entries,
            turns = 2,
            highlighted = 2,
            pendingTurn = null,
            pendingPlayer = null,
            open = true,
            names = names,
        )
        assertEquals(listOf("a1", "pass", "resigned"), list.rows.map { it.notation.resolve(en) })
        assertEquals("Turn 2, Black: pass, time ran out", list.rows[1].description.resolve(en))
        assertEquals("Turn 3, White: resigned, current turn", list.rows[2].description.resolve(en))
        assertEquals("第 2 回合，黑方：pass，超时", list.rows[1].description.resolve(zh))
        assertEquals("认输", list.rows[2].notation.resolve(zh))
    }

    @Test
    fun everyVerdictHasItsWords() {
        fun words(verdict: Verdict) = ReviewUiMapper.evaluation(Evaluation(0, verdict, 0.5), names).words
        val cases = listOf(
            Verdict.Equal to ("Level" to "均势"),
            Verdict.SlightlyBetter(Player.P1) to ("White is slightly better" to "白方稍优"),
            Verdict.Better(Player.P2) to ("Black is better" to "黑方占优"),
            Verdict.Winning(Player.P1) to ("White is winning" to "白方胜势"),
            Verdict.ForcedWin(Player.P2) to ("Black has a forced win" to "黑方有必胜着法"),
            Verdict.ExactWin(Player.P1, 7u) to ("White wins in 7 turns" to "白方 7 回合内获胜"),
            Verdict.ExactWin(Player.P2, 1u) to ("Black wins in 1 turn" to "黑方 1 回合内获胜"),
            Verdict.ExactWin(Player.P2, 0u) to ("Black has won" to "黑方已获胜"),
            Verdict.ExactDraw to ("Draw" to "和棋"),
        )
        for ((verdict, expected) in cases) {
            assertEquals(expected.first, words(verdict).resolve(en), "$verdict")
            assertEquals(expected.second, words(verdict).resolve(zh), "$verdict")
        }
        assertEquals(0.25f, ReviewUiMapper.evaluation(Evaluation(-300, Verdict.Better(Player.P2), 0.25), names).bar)
    }

    @Test
    fun aBlockedSidesHintTakesFirstThenSteps() {
        val app = SharingTestApp().also { apps += it }
        app.start(GameId.ZHIQI)
        app.play(
            "d7", "a7", "g7", "g4", "d1", "g1", "a4", "a1", "b6", "d6", "f6", "f4",
            "f2", "b2", "d2", "b4", "d5", "c5", "e4", "e5", "c3", "e3", "c4", "d3",
        )
        assertTrue(app.state().prompt.resolve(en).startsWith("Blocked"))
        onMain { app.game.onHint() }
        eventually { app.state().board.hint != null }
        val hint = app.state().board.hint!!
        assertTrue(hint.removals.isNotEmpty(), "$hint")
        val words = app.state().announcement!!.resolve(en)
        // the pull first, then the step, then what the step's mill takes
        val expected = listOfNotNull(
            "Hint: take ${hint.removals.first()}",
            hint.piece?.let { "then move $it to ${hint.destination}" },
        ) + hint.removals.drop(1).map { "then take $it" }
        assertEquals(expected.joinToString(", "), words)
    }
}
