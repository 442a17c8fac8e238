package app.mills.tests

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * The shape of the shared Android UI (android/app/src/shared): small files with one job, state
 * holders confined to the main thread (no locks), and composables that only read state (no
 * engine or repository in a file that draws).
 */
class SharedUiShapeTest {
    private val root = File(System.getProperty("mills.root") ?: ".")
    private val shared = File(root, "android/app/src/shared/kotlin")

    private fun sources(): List<File> = shared.walkTopDown().filter { it.isFile && it.extension == "kt" }.toList()

    private fun File.relative() = relativeTo(shared).path

    @Test
    fun theSharedUiIsThere() {
        // a wrong root would make the checks below pass on nothing
        assertTrue(sources().size > 50, "shared sources under $shared: ${sources().size}")
    }

    @Test
    fun noFileIsLongerThan300Lines() {
        val long = sources().map { it.relative() to it.readLines().size }.filter { it.second > MAX_LINES }
        assertEquals(emptyList<Pair<String, Int>>(), long, "files over $MAX_LINES lines: split them by job")
    }

    @Test
    fun nothingLocks() {
        val locking = sources().filter { file ->
            file.readText().let { "@Synchronized" in it || Regex("""\bsynchronized\s*\(""").containsMatchIn(it) }
        }.map { it.relative() }
        assertEquals(emptyList<String>(), locking, "state holders run on the main thread; work goes off it with coroutines")
    }

    @Test
    fun composablesReadStateOnly() {
        val engineNames = listOf("Repository", "GameSession", "LessonSession", "AppContainer")
        val drawing = sources().filter { "@Composable" in it.readText() }
        assertTrue(drawing.size > 20, "composable files found: ${drawing.size}")
        val reaching = drawing.flatMap { file ->
            file.readLines().filter { line -> line.startsWith("import ") && engineNames.any { line.endsWith(it) } }
                .map { "${file.relative()}: $it" }
        }
        assertEquals(emptyList<String>(), reaching, "a composable gets its state from a view model, never from the engine")
    }

    private companion object {
        const val MAX_LINES = 300
    }
}
