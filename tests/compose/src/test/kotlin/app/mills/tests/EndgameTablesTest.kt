package app.mills.tests

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.collectAsState
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.EndgameTablesRepository
import app.mills.desktop.XmlStrings
import app.mills.strings.LocalStrings
import app.mills.ui.settings.SettingsScreen
import app.mills.ui.settings.SettingsViewModel
import app.mills.ui.settings.endgameTablesText
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TablesState
import java.io.File

/** The endgame tables' Settings line: every state in both languages, and a real preparation. */
@OptIn(ExperimentalTestApi::class)
class EndgameTablesTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()

    @Test
    fun everyStateReadsInBothLanguages() {
        assertNull(endgameTablesText(TablesState.NotPrepared))
        val preparing = endgameTablesText(TablesState.Preparing(40u, GameId.ZHIQI))!!
        assertEquals("Endgame tables: preparing, 40 in 100 done", preparing.resolve(en))
        assertEquals("残局库：正在准备，已完成 40/100", preparing.resolve(zh))
        assertEquals("Endgame tables: ready", endgameTablesText(TablesState.Ready)!!.resolve(en))
        assertEquals("残局库：已就绪", endgameTablesText(TablesState.Ready)!!.resolve(zh))
        val failed = endgameTablesText(TablesState.Failed("No space left on device"))!!
        assertEquals("Endgame tables: not available", failed.resolve(en))
        assertEquals(failed, endgameTablesText(TablesState.Cancelled))
    }

    @Test
    fun settingsShowTheTablesOnceTheEngineHasPreparedThem() {
        val app = TestApp()
        // 3 pieces a side: the engine builds them in seconds (the apps use 4).
        val tables = EndgameTablesRepository(File(app.dir, "tables"), maxPieces = 3u)
        val viewModel = SettingsViewModel(app.container.settings, app.games, tables)
        try {
            runComposeUiTest {
                setContent {
                    CompositionLocalProvider(LocalStrings provides en) {
                        SettingsScreen(viewModel.uiState.collectAsState().value, viewModel) {}
                    }
                }
                onNodeWithTag("endgame-tables").assertDoesNotExist()
                tables.start()
                waitUntil(timeoutMillis = 120_000) { tables.state.value == TablesState.Ready }
                onNodeWithTag("endgame-tables").assertTextEquals("Endgame tables: ready")
                assertEquals(3, File(app.dir, "tables").listFiles()!!.count { it.name.endsWith(".mtb") })
            }
        } finally {
            app.close()
        }
    }
}
