package app.mills.tests

import androidx.compose.ui.semantics.ProgressBarRangeInfo
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assert
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.test.v2.runComposeUiTest
import app.mills.data.ShippedTablesPack
import app.mills.desktop.XmlStrings
import app.mills.ui.MillsApp
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TablesState
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.puzzleChoose
import java.io.File
import java.io.InputStream
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * A first-time player and the endgame tables (docs/ai.md, "Tables ready at once"): a puzzle
 * opened before the tables are ready shows their progress and then opens by itself, its game's
 * tables unpacked from the shipped pack; the game screen never waits for them.
 *
 * The pack is a real `mills tables pack` of one game (the command the app's build runs), and
 * only that game's file is missing, as the others' take a minute each to build and the
 * engine's own tests prove unpacking all three. The pack's stream waits for [release]: the
 * preparation is held at its start, so the test sees the progress whatever the machine's speed.
 */
@OptIn(ExperimentalTestApi::class)
class TablesFirstUseTest {
    private val game = GameId.LINKED_HORSE
    private val release = CountDownLatch(1)
    @Volatile private var packRead = false

    private fun withApp(test: ComposeUiTest.(TestApp, File) -> Unit) {
        puzzleTablesReady()
        val pack = packOfOneGame(game)
        val dir = java.nio.file.Files.createTempDirectory("mills-first-use").toFile()
        // every game's tables but this one's, as after an update that added a game
        val tablesDir = File(dir, "tables").apply { mkdirs() }
        GameId.entries.filter { it != game }.forEach { tableFile(sharedTables(), it).copyTo(tableFile(tablesDir, it)) }
        val copy = File(dir, "cache/tables.pack")
        val main = ComposeMain()
        val app = TestApp(dir = dir, main = main.dispatcher, tablesPack = ShippedTablesPack(copy) { heldUntilReleased(pack) })
        try {
            runComposeUiTest(effectContext = main.composition) {
                setContent { MillsApp(app.viewModels, XmlStrings.english()) }
                test(app, copy)
            }
        } finally {
            release.countDown()
            app.close()
        }
    }

    /** The pack, read only once the test lets it: the preparation waits at its start until then. */
    private fun heldUntilReleased(pack: File): InputStream {
        assertTrue(release.await(120, TimeUnit.SECONDS), "the test never let the pack be read")
        packRead = true
        return pack.inputStream()
    }

    @Test
    fun aFirstPuzzleShowsTheTablesProgressThenOpensFromThePack() = withApp { app, copy ->
        // an endgame: a tactic is judged by the goal search and needs no tables
        val puzzle = puzzleChoose(game, null, PuzzleKind.ENDGAME).first()
        app.container.startEndgameTables()
        onNodeWithTag("puzzles").performScrollTo().performClick()
        onNodeWithTag("game-${game.name}").performClick()
        onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-${puzzle.id}"))
        onNodeWithTag("puzzle-${puzzle.id}").performClick()

        // waiting: the words, the bar at the engine's fraction, and that the puzzle will open
        onNodeWithTag("puzzle-hub").assertExists()
        onNodeWithTag("puzzle-screen").assertDoesNotExist()
        onNodeWithTag("puzzle-list").performScrollToNode(hasTestTag("puzzle-tables"))
        onNodeWithTag("puzzle-tables").assertTextContains("Endgame tables: preparing, 0 in 100 done")
        onNodeWithTag("puzzle-tables").assertTextContains("Your puzzle opens as soon as the endgame tables are ready.")
        onNodeWithTag("puzzle-tables-progress", useUnmergedTree = true)
            .assert(SemanticsMatcher.expectValue(SemanticsProperties.ProgressBarRangeInfo, ProgressBarRangeInfo(0f, 0f..1f)))
        onNodeWithTag("puzzle-error").assertDoesNotExist()

        release.countDown()
        waitUntil(timeoutMillis = 120_000) { app.container.endgameTables.state.value == TablesState.Ready }
        waitUntil(timeoutMillis = 10_000) { onAllNodesWithTagExist("puzzle-screen") }
        onNodeWithTag("puzzle-goal", useUnmergedTree = true).assertTextContains("to move and win in ${puzzle.turns}", substring = true)
        assertTrue(packRead)
        // the game's file is the one the pack holds, and the copy the engine read is gone
        assertArrayEquals(tableFile(sharedTables(), game).readBytes(), tableFile(File(app.dir, "tables"), game).readBytes())
        assertFalse(copy.exists(), "the pack's copy was left in the cache")
    }

    @Test
    fun theGameScreenOpensAndPlaysWhileTheTablesArePrepared() = withApp { app, _ ->
        app.container.startEndgameTables()
        onNodeWithTag("play-friend-${game.name}").performClick()
        onNodeWithTag("game-screen").assertExists()
        onNodeWithTag("point-d6").performClick()
        assertEquals(Player.P1, owners(app.snapshot())["d6"])
        // all of it while the preparation was held at its start
        assertTrue(app.container.endgameTables.state.value is TablesState.Preparing)
        assertFalse(packRead)
        // it ends here, not during the next test's
        release.countDown()
        waitUntil(timeoutMillis = 120_000) { app.container.endgameTables.state.value == TablesState.Ready }
    }

    private fun ComposeUiTest.onAllNodesWithTagExist(tag: String): Boolean =
        onAllNodes(hasTestTag(tag)).fetchSemanticsNodes().isNotEmpty()
}

/** The shared four-piece tables of puzzleTablesReady. */
private fun sharedTables(): File = File(System.getProperty("mills.puzzleTables") ?: error("no -Dmills.puzzleTables"))

/** A game's table file in [dir]: `<game id>.mtb`. */
fun tableFile(dir: File, game: GameId): File = File(dir, game.name.lowercase().replace('_', '-') + ".mtb")

/**
 * A pack of [game]'s shared tables alone, made by `mills tables pack` (-Dmills.millsBin) and
 * kept beside them between runs; made again when the tables or the command are newer.
 */
fun packOfOneGame(game: GameId): File {
    val mills = File(System.getProperty("mills.millsBin") ?: error("no -Dmills.millsBin"))
    val table = tableFile(sharedTables(), game)
    val pack = File(sharedTables().parentFile, "first-use-${table.nameWithoutExtension}.pack")
    if (pack.isFile && pack.lastModified() > maxOf(table.lastModified(), mills.lastModified())) return pack
    val alone = java.nio.file.Files.createTempDirectory("mills-pack").toFile()
    try {
        table.copyTo(File(alone, table.name))
        val partial = File(pack.path + ".partial")
        val process = ProcessBuilder(mills.path, "tables", "pack", "--tables", alone.path, "--out", partial.path)
            .redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        assertEquals(0, process.waitFor(), output)
        assertTrue(partial.renameTo(pack), "could not rename $partial")
    } finally {
        alone.deleteRecursively()
    }
    return pack
}
