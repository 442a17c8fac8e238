package app.mills.tests

import app.mills.ui.lessons.LessonFeedback
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The lesson view model's own decisions: when a timer lesson's countdown runs, and unknown ids. */
class LessonViewModelTest {
    private fun withApp(test: (TestApp) -> Unit) {
        // a lesson second of 20 ms: the 10 s timer lessons run out in 200 ms
        val app = TestApp(lessonSecondMs = 20)
        try {
            test(app)
        } finally {
            onMain { app.close() }
        }
    }

    @Test
    fun aTimerLessonWaitsWhileTheAppIsInTheBackground() = withApp { app ->
        val vm = app.viewModels.lesson
        onMain {
            assertTrue(vm.open("linked-horse-timer", "en"))
            vm.setForeground(false)
        }
        Thread.sleep(600)
        val held = onMain { vm.uiState.value!! }
        assertFalse(held.solved, "the time did not run out in the background")
        assertEquals(false, held.timer?.running)
        onMain { vm.setForeground(true) }
        eventually { onMain { vm.uiState.value!!.solved } }
        assertTrue(onMain { vm.uiState.value!!.feedback } is LessonFeedback.Solved)
        assertNull(onMain { vm.uiState.value!!.timer }, "no countdown once solved")
    }

    @Test
    fun leavingTheLessonScreenHoldsItsCountdown() = withApp { app ->
        val vm = app.viewModels.lesson
        onMain {
            vm.open("linked-horse-timer", "en")
            vm.setShown("linked-horse-timer", false)
        }
        Thread.sleep(600)
        assertFalse(onMain { vm.uiState.value!!.solved })
        assertFalse(app.container.lessons.progress.value.isSolved("linked-horse-timer"))
        // another lesson's screen going away does not touch this one
        onMain { vm.setShown("zhiqi-pin", true) }
        Thread.sleep(300)
        assertFalse(onMain { vm.uiState.value!!.solved })
        onMain { vm.setShown("linked-horse-timer", true) }
        eventually { onMain { vm.uiState.value!!.solved } }
        assertTrue(app.container.lessons.progress.value.isSolved("linked-horse-timer"))
    }

    @Test
    fun timeRunningOutTooEarlyIsNotThisTimeAndTheClockStartsAgain() = withApp { app ->
        val vm = app.viewModels.lesson
        // the lesson: place c5 (a mill: a capture is owed), then let the time run out
        onMain { vm.open("twelve-mens-morris-timer", "en") }
        eventually { onMain { vm.uiState.value!!.feedback } is LessonFeedback.NotThisTime }
        val early = onMain { vm.uiState.value!! }
        assertFalse(early.solved)
        assertNull(early.board.points.first { it.name == "c5" }.owner, "nothing was played")
        assertEquals(true, early.timer?.running, "the clock runs again")
        onMain { vm.onPointTap("c5") }
        eventually { onMain { vm.uiState.value!!.solved } }
        assertEquals(1, onMain { vm.uiState.value!!.board.points.count { it.name == "c5" && it.owner != null } })
    }

    @Test
    fun tryAgainStartsTheCountdownAfresh() = withApp { app ->
        val vm = app.viewModels.lesson
        onMain { vm.open("linked-horse-timer", "en") }
        eventually { onMain { vm.uiState.value!!.solved } }
        val again = onMain {
            vm.tryAgain()
            vm.uiState.value!!
        }
        assertFalse(again.solved)
        assertEquals(true, again.timer?.running)
        assertEquals(10_000L, again.timer?.remainingMs)
        eventually { onMain { vm.uiState.value!!.solved } }
    }

    @Test
    fun anUnknownLessonIsNotOpened() = withApp { app ->
        val vm = app.viewModels.lesson
        assertFalse(onMain { vm.open("no-such-lesson", "en") })
        assertNull(vm.uiState.value)
    }
}
