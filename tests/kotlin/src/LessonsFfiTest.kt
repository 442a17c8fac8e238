// The lessons through the generated Kotlin bindings: a lesson screen's calls, driven by taps.
package millstest

import java.nio.file.Files
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.Change
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.LessonSession
import uniffi.mills_ffi.LessonVerdict
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.NextStep
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.Refusal
import uniffi.mills_ffi.TapResult
import uniffi.mills_ffi.TapStep
import uniffi.mills_ffi.TapVerdict
import uniffi.mills_ffi.lessonProgressLoad
import uniffi.mills_ffi.lessonProgressMarkSolved
import uniffi.mills_ffi.lessonProgressReset
import uniffi.mills_ffi.lessons

class LessonsFfiTest {
    /** A played action's lesson verdict (its step is `Played`). */
    private fun played(result: TapResult): TapVerdict.Lesson {
        assertTrue(result.step is TapStep.Played, "expected a played action, got $result")
        val verdict = result.verdict
        assertTrue(verdict is TapVerdict.Lesson, "expected the lesson's verdict, got $result")
        return verdict as TapVerdict.Lesson
    }

    /** The board changes after `from` up to `to`, read as the apps read them. */
    private fun changesBetween(session: LessonSession, from: ULong, to: ULong): List<Change> =
        session.board().changesSince(from).changes.filter { it.revision <= to }.map { it.change }

    /** Taps `points` in order; the last tap must solve the lesson. */
    private fun solveByTaps(session: LessonSession, vararg points: String): LessonVerdict.Solved {
        var last: TapResult? = null
        for (point in points) last = session.tap(point)
        val verdict = played(last!!).verdict
        assertTrue(verdict is LessonVerdict.Solved, "expected solved, got $verdict")
        assertTrue(session.isSolved())
        return verdict as LessonVerdict.Solved
    }

    @Test
    fun eachGameHasItsCourseInBothLanguages() {
        for (game in GameId.values()) {
            val en = lessons(game, "en-US")
            val zh = lessons(game, "zh-Hans-CN")
            assertEquals(7, en.size)
            assertEquals(en.map { it.id }, zh.map { it.id })
            assertEquals("zh-Hans", zh[0].locale)
            val hant = lessons(game, "zh-Hant-TW")
            assertEquals(en.map { it.id }, hant.map { it.id })
            assertEquals("zh-Hant", hant[0].locale)
            assertTrue(hant.indices.any { hant[it].text != zh[it].text }, "Traditional, not Simplified")
            assertTrue(en.all { it.game == game && it.title.isNotBlank() && it.hint.isNotBlank() })
            assertTrue(en.indices.all { en[it].index == it.toUInt() })
        }
        assertEquals(lessons(GameId.ZHIQI, "en"), lessons(GameId.ZHIQI, "de-DE"), "English fallback")
    }

    @Test
    fun oneLessonOfEachGameIsSolvedByTapping() {
        LessonSession("zhiqi-pin", "en").use { session ->
            val start = session.snapshot().revision
            val place = played(session.tap("g7"))
            assertEquals(LessonVerdict.OnTheWay, place.verdict)
            assertEquals(session.snapshot().revision, place.playedRevision, "no reply on the way")
            assertEquals(
                listOf(Change.Placed("g7", Player.P1)),
                changesBetween(session, start, place.playedRevision),
            )
            assertEquals(NextStep.Pin(1u), session.snapshot().next)
            val solved = solveByTaps(session, "e4")
            assertEquals(session.lesson().solvedText, solved.message)
            assertEquals(Player.P1, session.snapshot().points.first { it.name == "e4" }.owner)
            assertEquals(TapResult(TapStep.Unchanged, TapVerdict.Finished), session.tap("a1"))
            assertEquals("zhiqi-double-pin", session.nextLesson()?.id)
        }
        LessonSession("linked-horse-three-in-line", "en").use { session ->
            assertEquals(TapResult(TapStep.Selected("b6"), null), session.tap("b6"))
            assertEquals("b6", session.snapshot().selected)
            solveByTaps(session, "a7")
            assertTrue(session.snapshot().outcome != null, "the game is won")
        }
        LessonSession("twelve-mens-morris-diagonals", "zh-Hans").use { session ->
            val start = session.snapshot().revision
            played(session.tap("c5"))
            assertEquals(1, session.board().changesSince(start).changes[0].lines.size, "the diagonal a7-b6-c5")
            val solved = solveByTaps(session, "d1")
            assertEquals(session.lesson().solvedText, solved.message)
            assertNull(lessons(GameId.TWELVE_MENS_MORRIS, "en").last().let {
                LessonSession(it.id, "en").use { last -> last.nextLesson() }
            })
        }
    }

    @Test
    fun theScriptedReplysChangesFollowTheLearnersRevision() {
        LessonSession("twelve-mens-morris-shuttle", "en").use { session ->
            session.tap("d2")
            played(session.tap("f2"))
            val before = session.snapshot().revision
            val capture = played(session.tap("b2"))
            val verdict = capture.verdict
            assertTrue(verdict is LessonVerdict.OpponentReplied, "got $verdict")
            val reply = verdict as LessonVerdict.OpponentReplied
            assertEquals(Player.P2, reply.player)
            assertEquals(listOf("a4-a7"), reply.actions)
            assertEquals(
                listOf(Change.Captured("b2", Player.P1)),
                changesBetween(session, before, capture.playedRevision),
            )
            val after = session.board().changesSince(capture.playedRevision)
            assertEquals(listOf(Change.Stepped("a4", "a7", Player.P2)), after.changes.map { it.change })
            assertEquals(session.snapshot().revision, after.revision)
            assertEquals(Player.P1, session.snapshot().toMove)
        }
    }

    @Test
    fun aWrongAnswerIsExplainedAndTryAgainStartsOver() {
        LessonSession("zhiqi-pin", "en").use { session ->
            val start = session.snapshot()
            val wrong = session.tap("e5")
            val wrongVerdict = wrong.verdict
            assertEquals(TapStep.Unchanged, wrong.step)
            assertTrue(wrongVerdict is TapVerdict.LessonWrong, "got $wrong")
            assertTrue((wrongVerdict as TapVerdict.LessonWrong).explanation.contains("e5"))
            val other = session.tap("b2")
            val otherVerdict = other.verdict
            assertEquals(TapStep.Unchanged, other.step)
            assertTrue(otherVerdict is TapVerdict.LessonNotThisTime, "got $other")
            assertTrue((otherVerdict as TapVerdict.LessonNotThisTime).message.contains(session.lesson().hint))
            assertEquals(TapResult(TapStep.Refused(Refusal.Occupied("a7")), null), session.tap("a7"))
            assertThrows<MillsException.InvalidPoint> { session.tap("z9") }
            assertEquals(start, session.snapshot(), "nothing was played")

            played(session.tap("g7"))
            session.tryAgain()
            val batch = session.board().changesSince(start.revision)
            assertTrue(batch.changes.last().change is Change.Reset)
            assertNull(batch.snapshot.points.first { it.name == "g7" }.owner)
            assertFalse(session.isSolved())
            played(session.tap("g7"))
            solveByTaps(session, "e3")
        }
        LessonSession("linked-horse-three-in-line", "en").use { session ->
            session.tap("a4")
            assertTrue(session.tap("a7").verdict is TapVerdict.LessonWrong)
            assertNull(session.snapshot().selected, "the piece is put back")
        }
        assertThrows<MillsException.NotAvailable> { LessonSession("no-such-lesson", "en") }
    }

    @Test
    fun aTimerLessonIsSolvedByTheTimeOut() {
        LessonSession("linked-horse-timer", "en").use { session ->
            assertTrue(session.lesson().timerSeconds != null)
            val start = session.snapshot().revision
            val pass = played(session.timeOut())
            assertEquals(
                listOf(Change.Passed(Player.P1)),
                changesBetween(session, start, pass.playedRevision),
            )
            assertTrue(pass.verdict is LessonVerdict.Solved)
        }
    }

    @Test
    fun progressIsSavedReadBackAndACorruptFileIsRefused() {
        val dir = Files.createTempDirectory("mills-kotlin-lessons")
        val path = dir.resolve("lessons.json").toString()
        assertTrue(lessonProgressLoad(path).solved.isEmpty())
        lessonProgressMarkSolved(path, "zhiqi-pin")
        lessonProgressMarkSolved(path, "linked-horse-bank")
        val read = lessonProgressLoad(path)
        assertEquals(listOf("linked-horse-bank", "zhiqi-pin"), read.solved)
        val zhiqi = read.courses.first { it.game == GameId.ZHIQI }
        assertEquals(1u, zhiqi.solved)
        assertEquals(7u, zhiqi.total)
        assertEquals("zhiqi-double-pin", zhiqi.nextLessonId)
        val reset = lessonProgressReset(path, GameId.ZHIQI)
        assertEquals(listOf("linked-horse-bank"), reset.solved)
        assertEquals(reset, lessonProgressLoad(path))

        val corrupt = dir.resolve("corrupt.json")
        Files.writeString(corrupt, "{\"solved\": 7")
        assertThrows<MillsException.CorruptSave> { lessonProgressLoad(corrupt.toString()) }
        assertThrows<MillsException.CorruptSave> {
            lessonProgressMarkSolved(corrupt.toString(), "zhiqi-pin")
        }
        assertEquals("{\"solved\": 7", Files.readString(corrupt), "the bad file is kept")
    }
}
