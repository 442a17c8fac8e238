package app.mills.tests

import app.mills.strings.StringKey
import app.mills.strings.text
import app.mills.ui.AppVisibility
import app.mills.ui.online.ConnectionUi
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

/**
 * Play a friend as two phones do: two apps (each its own files, device secret and view
 * models) whose settings hold a bare host and port, `localhost:PORT`, which the engine takes
 * as `wss://`, reach the real mills-server through a TLS front, and play a whole game to its
 * end; one of them is rotated in the middle (its activity stopped for the change and made
 * again, the view models kept), and neither the connection nor a turn is lost.
 */
class OnlineOverTlsTest {
    private fun TestApp.state() = onMain { viewModels.online.uiState.value }

    @Test
    fun twoPhonesPlayAWholeGameOverWssThroughARotation() {
        LocalServer().start().use { server ->
            TlsFront(server).use { front ->
                val ann = onlineApp(null, "Ann", address = front.address)
                val bo = onlineApp(null, "Bo", address = front.address)
                try {
                    var annActivity = AppVisibility(ann.viewModels)
                    val boActivity = AppVisibility(bo.viewModels)
                    onMain { annActivity.started() }
                    onMain { boActivity.started() }
                    assertNull(onMain { ann.viewModels.online.create(GameId.TWELVE_MENS_MORRIS, TurnTimer.OFF) })
                    eventually(explain = { "Ann's room over wss: ${ann.state()?.connection}" }) { ann.state()?.code != null }
                    val code = ann.state()!!.code!!
                    assertNull(onMain { bo.viewModels.online.join(code) })
                    eventually(explain = { "both seated" }) {
                        ann.state()?.opponentName == "Bo" && bo.state()?.opponentName == "Ann" &&
                            ann.state()?.connection == ConnectionUi.Connected && bo.state()?.connection == ConnectionUi.Connected
                    }

                    FULL_BOARD_DRAW.forEachIndexed { i, point ->
                        val (mover, other) = if (i % 2 == 0) ann to bo else bo to ann
                        val side = if (i % 2 == 0) Player.P1 else Player.P2
                        if (i == ROTATED_BEFORE) {
                            // Ann rotates while it is Bo's turn: her activity stops for the change,
                            // Bo plays meanwhile, and the new activity starts on the same view models
                            onMain { annActivity.stopped(changingConfigurations = true) }
                            assertEquals(ConnectionUi.Connected, ann.state()?.connection, "a rotation closed the connection")
                        }
                        eventually(explain = { "${side}'s turn for $point" }) { mover.state()?.myTurn == true }
                        onMain { mover.viewModels.online.onPointTap(point) }
                        eventually(explain = { "$point on the other board" }) { other.onlineOwner(point) == side }
                        if (i == ROTATED_BEFORE) {
                            annActivity = AppVisibility(ann.viewModels)
                            onMain { annActivity.started() }
                            assertEquals(ConnectionUi.Connected, ann.state()?.connection, "the rotated activity's start changed the connection")
                            assertEquals(Player.P2, ann.onlineOwner(point), "Bo's turn made during the rotation")
                            assertTrue(ann.state()!!.myTurn)
                        }
                    }

                    // the 24th placement fills the board with no mill: drawn at once, for both
                    for (app in listOf(ann, bo)) {
                        eventually(explain = { "the result: ${app.state()?.result}" }) { app.state()?.result != null }
                        assertEquals(text(StringKey.ResultDraw), app.state()!!.result)
                        assertEquals(text(StringKey.ReasonBoardFull), app.state()!!.resultReason)
                        assertEquals(ConnectionUi.Connected, app.state()!!.connection)
                        val board = app.state()!!.board!!.points
                        assertEquals(24, board.count { it.owner != null }, "every placement stored once")
                    }
                } finally {
                    onMain { ann.close() }
                    onMain { bo.close() }
                }
            }
        }
    }

    private companion object {
        /** Twelve Men's Morris, P1 and P2 in turn: no mill, so the board fills and the game is drawn (RULES.md §8, H). */
        val FULL_BOARD_DRAW = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3".split(" ")

        /** Bo's 6th placement is made while Ann's activity is being made again. */
        const val ROTATED_BEFORE = 11
    }
}
