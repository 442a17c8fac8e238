// Endgame tables through the generated Kotlin bindings: prepared in the background with
// progress, checked and rebuilt when damaged, cancellable, refused with a typed error for a
// size the engine does not prepare. Small tables (3 a side) so the test takes seconds.
package millstest

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.TablesListener
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.tablesPrepare
import uniffi.mills_ffi.tablesStatus
import java.nio.file.Files
import java.util.Collections

class TablesFfiTest {
    private class Seen : TablesListener {
        val states: MutableList<TablesState> = Collections.synchronizedList(mutableListOf())

        override fun onTablesState(state: TablesState) {
            states += state
        }
    }

    // One test: the preparation is process-wide, as in the apps.
    @Test
    fun tablesArePreparedCheckedRebuiltAndCancellable() {
        val size = assertThrows<MillsException.InvalidTableSize> { tablesPrepare("/tmp", 9u, null) }
        assertEquals(9.toUByte(), size.pieces)

        val dir = Files.createTempDirectory("mills-tables").toString()
        assertEquals(TablesState.NotPrepared, tablesStatus(dir).state)
        val seen = Seen()
        val preparation = tablesPrepare(dir, 3u, seen)
        assertEquals(TablesState.Ready, preparation.waitUntilDone(120_000u))
        assertEquals(TablesState.Ready, seen.states.last())
        val percents = seen.states.filterIsInstance<TablesState.Preparing>().map { it.percent.toInt() }
        assertTrue(percents.isNotEmpty() && percents.zipWithNext().all { (a, b) -> a <= b }, "$percents")
        assertTrue(seen.states.any { it is TablesState.Preparing && it.building != null }, "${seen.states}")
        val status = tablesStatus(dir)
        assertEquals(TablesState.Ready, status.state)
        assertEquals(3, status.games.size)
        assertTrue(status.games.all { it.inUse && (it.fileBytes ?: 0uL) > 0uL }, "$status")

        // A damaged file is rebuilt, never trusted.
        val file = java.io.File(dir, "twelve-mens-morris.mtb")
        val good = file.readBytes()
        file.writeBytes(good.copyOf(good.size / 2))
        assertEquals(TablesState.Ready, tablesPrepare(dir, 3u, null).waitUntilDone(120_000u))
        assertArrayEquals(good, file.readBytes())

        // Cancelled while building: it stops and writes nothing partial.
        java.io.File(dir, "zhiqi.mtb").delete()
        val cancelled = tablesPrepare(dir, 3u, null)
        cancelled.cancel()
        assertEquals(TablesState.Cancelled, cancelled.waitUntilDone(60_000u))
        assertEquals(null, tablesStatus(dir).games.first { it.game.name == "ZHIQI" }.fileBytes)
    }
}
