package app.mills.tests

import app.mills.data.BoardFeed
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.Change
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameMode
import uniffi.mills_ffi.GameSession
import uniffi.mills_ffi.LessonSession
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.SessionConfig
import uniffi.mills_ffi.SessionOptions
import uniffi.mills_ffi.TurnTimer

/** The one reader of every screen's board: what it reads, and that one board's changes never reach the next. */
class BoardFeedTest {
    private fun game(game: GameId) = GameSession(
        SessionConfig(game, GameMode.PassAndPlay, TurnTimer.OFF),
        SessionOptions(seed = 3u, timerThread = false, manualComputer = true),
    )

    @Test
    fun aGamesTapsAreReadOnceInOrderWithTheSnapshotTheyLeadTo() {
        game(GameId.TWELVE_MENS_MORRIS).use { s ->
            val feed = BoardFeed()
            feed.follow(s.board())
            assertTrue(feed.takeChanges().single().change is Change.Reset, "a new board is drawn whole first")
            s.tap("d6")
            s.tap("d2")
            feed.refresh()
            assertEquals(
                listOf(Change.Placed("d6", Player.P1), Change.Placed("d2", Player.P2)),
                feed.takeChanges().map { it.change },
            )
            assertEquals(s.snapshot(), feed.snapshot.value)
            assertEquals(s.snapshot().revision, feed.revision)
            feed.refresh()
            assertEquals(emptyList<Any>(), feed.takeChanges(), "nothing is told twice")
        }
    }

    @Test
    fun theChangesOfTheBoardFollowedBeforeNeverReachTheNext() {
        game(GameId.TWELVE_MENS_MORRIS).use { first ->
            game(GameId.ZHIQI).use { second ->
                val feed = BoardFeed()
                feed.follow(first.board())
                first.tap("d6")
                feed.refresh() // read, but not yet animated when the screen moves on
                feed.follow(second.board())
                first.tap("d2")
                feed.refresh()
                val changes = feed.takeChanges()
                val reset = changes.single().change as Change.Reset
                assertEquals(GameId.ZHIQI, reset.snapshot.config.game)
                assertEquals(second.snapshot(), feed.snapshot.value)
                second.tap("a1")
                feed.refresh()
                assertEquals(listOf(Change.Placed("a1", Player.P1)), feed.takeChanges().map { it.change })
            }
        }
    }

    @Test
    fun aBoardFollowedWithoutARedrawStartsFromWhereItStands() {
        LessonSession("zhiqi-pin", "en").use { lesson ->
            val feed = BoardFeed()
            feed.follow(lesson.board(), redraw = false)
            assertEquals(emptyList<Any>(), feed.takeChanges())
            assertEquals(lesson.snapshot(), feed.snapshot.value)
            lesson.tap("g7")
            feed.refresh()
            assertEquals(listOf(Change.Placed("g7", Player.P1)), feed.takeChanges().map { it.change })
            feed.follow(null)
            assertNull(feed.snapshot.value)
            assertEquals(emptyList<Any>(), feed.takeChanges())
        }
    }
}
