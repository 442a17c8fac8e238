package app.mills.tests

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.desktop.XmlStrings
import app.mills.strings.LocalStrings
import app.mills.strings.Strings
import app.mills.ui.online.OnlineGameScreen
import app.mills.ui.online.OnlineUiState
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/**
 * A friend whose connection is gone is shown as away, with how long (the engine counts the
 * minutes), on the real mills-server: Bo's app goes to the background, Ann sees "away".
 */
@OptIn(ExperimentalTestApi::class)
class OnlineAwayTest {
    private fun TestApp.room(): OnlineUiState = onMain { viewModels.online.uiState.value!! }

    /** [state] with the opponent (the first side) away [minutes]. */
    private fun awayFor(state: OnlineUiState, minutes: Int) =
        state.copy(sides = state.sides.mapIndexed { i, side -> if (i == 0) side.copy(online = false, awayMinutes = minutes) else side })

    private fun ComposeUiTest.awayText(state: OnlineUiState, strings: Strings): String {
        setContent { CompositionLocalProvider(LocalStrings provides strings) { OnlineGameScreen(state, NoOnlineActions) } }
        return textOf("opponent-away")
    }

    private fun assertSays(name: String, ending: String, text: String) =
        assertTrue(text.startsWith(name) && text.endsWith(ending), "\"$text\" is not \"$name…$ending\"")

    @Test
    fun anOpponentWhoseAppIsInTheBackgroundIsAwayWithHowLong() {
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann")
            val bo = onlineApp(server, "Bo")
            try {
                onMain { check(ann.viewModels.online.create(GameId.ZHIQI, TurnTimer.OFF) == null) }
                eventually { ann.room().link != null }
                val link = ann.room().link!!
                onMain { check(bo.viewModels.online.join(link) == null) }
                eventually(explain = { "ann ${ann.room()}" }) { !ann.room().waiting && ann.room().opponentOnline }
                assertNull(ann.room().sides.first().awayMinutes)

                onMain { bo.viewModels.online.setForeground(false) }
                eventually(explain = { "ann ${ann.room()}" }) { !ann.room().opponentOnline }
                val away = ann.room()
                assertEquals(0, away.sides.first().awayMinutes)
                assertNull(away.sides.last().awayMinutes)
                // the friend's row names them with their colour: "Bo (Black) is away · …"
                runComposeUiTest {
                    assertSays("Bo", " is away · under a minute. The game waits on the server.", awayText(away, XmlStrings.english()))
                }
                runComposeUiTest {
                    assertSays("Bo", " is away · 2 min. The game waits on the server.", awayText(awayFor(away, 2), XmlStrings.english()))
                }
                runComposeUiTest {
                    assertSays("Bo", " 已离线 · 2 分钟，对局保留在服务器上。", awayText(awayFor(away, 2), XmlStrings.chinese()))
                }
                runComposeUiTest {
                    assertSays("Bo", " 已離線 · 不到一分鐘，對局保留在伺服器上。", awayText(away, XmlStrings.traditionalChinese()))
                }

                onMain { bo.viewModels.online.setForeground(true) }
                eventually(explain = { "ann ${ann.room()}" }) { ann.room().opponentOnline }
                assertNull(ann.room().sides.first().awayMinutes)
            } finally {
                onMain {
                    ann.close()
                    bo.close()
                }
            }
        }
    }
}
