package app.mills.tests

import androidx.compose.runtime.Composable
import app.mills.desktop.Device
import app.mills.desktop.Screenshots
import app.mills.desktop.XmlStrings
import app.mills.strings.Strings
import app.mills.ui.online.OnlineGameActions
import app.mills.ui.online.OnlineGameScreen
import app.mills.ui.online.OnlineUiState
import app.mills.ui.online.PlayFriendActions
import app.mills.ui.online.PlayFriendScreen
import app.mills.ui.openInvite
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

internal object NoOnlineActions : OnlineGameActions {
    override fun onTap(point: String) = Unit
    override fun onShare() = Unit
    override fun onResign() = Unit
    override fun onRematch() = Unit
    override fun onRetry() = Unit
    override fun onBack() = Unit
    override fun onReport(reason: uniffi.mills_ffi.ReportReason) = Unit
    override fun onBlock() = Unit
}

private object NoPlayFriendActions : PlayFriendActions {
    override fun onGame(game: GameId) = Unit
    override fun onTimer(timer: TurnTimer) = Unit
    override fun onCode(code: String) = Unit
    override fun onCreate() = Unit
    override fun onJoin() = Unit
    override fun onSettings() = Unit
    override fun onBack() = Unit
}

/** Play a friend's screens from a real room on the real server, as PNG files. */
class OnlineScreenshotTest {
    private fun shot(name: String, device: Device = Device.Phone, strings: Strings = XmlStrings.english(), content: @Composable () -> Unit) {
        val (file, image) = Screenshots.render(name, device, strings, content = content)
        val colours = Screenshots.distinctColours(image)
        println("screenshot ${file.path} (${image.width}x${image.height}, $colours colours)")
        assertTrue(file.length() > 10_000, "$name is too small to hold a screen")
        assertTrue(colours > 50, "$name looks blank ($colours colours)")
    }

    private fun TestApp.room(): OnlineUiState = onMain { viewModels.online.uiState.value!! }

    @Test
    fun waitingGameAndTraditionalChinese() {
        LocalServer().start().use { server ->
            val ann = onlineApp(server, "Ann")
            val bo = onlineApp(server, "Bo")
            try {
                onMain { check(ann.viewModels.online.create(GameId.ZHIQI, TurnTimer.SECONDS60) == null) }
                eventually { ann.room().code != null }
                val waiting = ann.room()
                assertTrue(waiting.waiting)
                shot("online-waiting") { OnlineGameScreen(waiting, NoOnlineActions) }

                onMain { bo.viewModels.openInvite(waiting.link!!) }
                eventually(explain = { "ann ${ann.room()} bo ${bo.room()}" }) { !ann.room().waiting && bo.room().board != null }
                // three placements, whoever places first, so that it is Ann's turn
                val first = if (ann.room().myTurn) ann else bo
                val second = if (first === ann) bo else ann
                for ((player, other, point) in listOf(Triple(first, second, "d6"), Triple(second, first, "b4"), Triple(first, second, "f4"))) {
                    onMain { player.viewModels.online.onPointTap(point) }
                    eventually(explain = { "$point on the other board" }) { other.onlineOwner(point) != null }
                }
                if (!ann.room().myTurn) {
                    onMain { bo.viewModels.online.onPointTap("d2") }
                    eventually { ann.onlineOwner("d2") != null }
                }
                eventually { ann.room().myTurn }
                val game = ann.room()
                assertTrue(game.opponentName == "Bo")
                shot("online-game") { OnlineGameScreen(game, NoOnlineActions) }
                shot("online-game-zh-Hant", strings = XmlStrings.traditionalChinese()) { OnlineGameScreen(game, NoOnlineActions) }
                shot("online-game-tablet", Device.TabletLandscape) { OnlineGameScreen(game, NoOnlineActions) }
                val form = onMain { bo.viewModels.playFriend.uiState.value }
                shot("online-play-friend-zh", strings = XmlStrings.chinese()) { PlayFriendScreen(form, NoPlayFriendActions) }
            } finally {
                onMain {
                    ann.close()
                    bo.close()
                }
            }
        }
    }
}
