package app.mills.tests

import androidx.compose.runtime.Composable
import app.mills.desktop.Device
import app.mills.desktop.Screenshots
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.lessons.LessonFeedback
import app.mills.ui.lessons.LessonListScreen
import app.mills.ui.lessons.LessonOfferDialog
import app.mills.ui.lessons.LessonScreen
import app.mills.ui.lessons.LessonScreenActions
import app.mills.ui.lessons.LessonUiState
import app.mills.ui.rules.RulesScreen
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import uniffi.mills_ffi.GameId

private object NoLessonActions : LessonScreenActions {
    override fun onTap(point: String) = Unit
    override fun onHint() = Unit
    override fun onTryAgain() = Unit
    override fun onNext() = Unit
    override fun onList() = Unit
    override fun onBack() = Unit
}

/** A lesson of each game (one in Chinese, one in Traditional Chinese), the course list and the first-open offer, as PNG files. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LessonScreenshotTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val zhHant = XmlStrings.traditionalChinese()
    private val apps = mutableListOf<TestApp>()

    @AfterAll
    fun close() = apps.forEach { it.close() }

    /** A lesson opened in [locale] and tapped through [taps], as the screen gets it. */
    private fun lesson(id: String, locale: String, vararg taps: String, hint: Boolean = false): LessonUiState {
        val app = TestApp().also { apps += it }
        val vm = app.viewModels.lesson
        onMain {
            assertTrue(vm.open(id, locale))
            taps.forEach(vm::onPointTap)
            if (hint) vm.showHint()
        }
        return onMain { vm.uiState.value!! }
    }

    private fun shot(name: String, device: Device = Device.Phone, strings: Strings = en, content: @Composable () -> Unit) {
        val (file, image) = Screenshots.render(name, device, strings, content = content)
        val colours = Screenshots.distinctColours(image)
        println("screenshot ${file.path} (${image.width}x${image.height}, $colours colours)")
        assertTrue(file.length() > 10_000, "$name is too small to hold a screen")
        assertTrue(colours > 50, "$name looks blank ($colours colours)")
    }

    @Test
    fun zhiQiWrongAnswerExplained() {
        val state = lesson("zhiqi-pin", "en", "e5", hint = true)
        assertTrue(state.feedback is LessonFeedback.Wrong, "${state.feedback}")
        shot("lesson-zhiqi-wrong-answer") { LessonScreen(state, NoLessonActions) }
    }

    @Test
    fun linkedHorseSolvedInChinese() {
        val state = lesson("linked-horse-three-in-line", "zh-Hans", "b6", "a7")
        assertTrue(state.solved)
        assertEquals("zh-Hans", state.lesson.locale)
        shot("lesson-linked-horse-solved-zh", strings = zh) { LessonScreen(state, NoLessonActions) }
    }

    /** The engine's lesson text and the app's strings, both in Traditional Chinese. */
    @Test
    fun zhiQiWrongAnswerInTraditionalChinese() {
        val state = lesson("zhiqi-pin", "zh-Hant", "e5", hint = true)
        assertTrue(state.feedback is LessonFeedback.Wrong, "${state.feedback}")
        assertEquals("zh-Hant", state.lesson.locale)
        assertEquals("佈子成「直」：押子", state.lesson.title)
        shot("lesson-zhiqi-wrong-answer-zh-Hant", strings = zhHant) { LessonScreen(state, NoLessonActions) }
    }

    @Test
    fun twelveMensMorrisScriptedReply() {
        val state = lesson("twelve-mens-morris-shuttle", "en", "d2", "f2", "b2")
        assertTrue(state.board.motions.isNotEmpty(), "the reply is animated")
        shot("lesson-twelve-mens-morris-reply") { LessonScreen(state, NoLessonActions) }
    }

    @Test
    fun tabletLandscapeLesson() {
        val state = lesson("zhiqi-pull", "en")
        shot("lesson-zhiqi-tablet-landscape", device = Device.TabletLandscape) { LessonScreen(state, NoLessonActions) }
    }

    @Test
    fun courseListWithProgress() {
        val app = TestApp().also { apps += it }
        val state = onMain {
            app.container.lessons.markSolved("zhiqi-pin")
            app.container.lessons.markSolved("zhiqi-double-pin")
            app.viewModels.lessonList.load(GameId.ZHIQI, "en")
            app.viewModels.lessonList.uiState.value!!
        }
        assertEquals(2, state.solved)
        assertEquals("zhiqi-mill-protection", state.nextLessonId)
        shot("lessons-list-zhiqi") { LessonListScreen(state, {}, {}, {}) }
    }

    @Test
    fun firstOpenOfferAndTheRulesEntry() {
        shot("lessons-offer-zh", strings = zh) {
            RulesScreen(GameId.TWELVE_MENS_MORRIS, onLessons = {}) {}
            LessonOfferDialog(GameId.TWELVE_MENS_MORRIS, {}, {}, {})
        }
    }
}
