package app.mills.tests

import app.mills.AppContainer
import app.mills.data.AppFiles
import app.mills.data.InMemorySettingsStore
import app.mills.data.UserSettings
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.swing.Swing
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import java.io.File
import java.nio.file.Files

/** What goes to the system backup (Android's filesDir) and what does not (noBackupFilesDir). */
class AppFilesTest {
    private val files = Files.createTempDirectory("mills-files").toFile()
    private val noBackup = Files.createTempDirectory("mills-no-backup").toFile()

    @Test
    fun theSavesAreInTheBackedUpDirectoryAndTheTablesAreNot() {
        val app = AppFiles(files, noBackup)
        assertEquals(File(noBackup, "tables"), app.tablesDir)
        for (path in listOf(app.autosavePath, app.statsPath, app.lessonProgressPath)) {
            assertEquals(files, File(path).parentFile, path)
        }
    }

    @Test
    fun aGameIsAutosavedWhereBackupsLook() {
        val store = InMemorySettingsStore(UserSettings(lessonsOffered = GameId.entries.toSet()))
        val container = AppContainer(files, store, Dispatchers.Swing, seed = 7u, noBackupFilesDir = noBackup)
        val home = container.homeViewModel()
        try {
            onMain { home.startGame(GameId.TWELVE_MENS_MORRIS, false) }
            onMain { container.games.tap("a1") }
            eventually { File(files, "autosave.json").isFile }
            assertTrue(noBackup.listFiles().orEmpty().isEmpty(), "nothing of a game goes to noBackupFilesDir")
        } finally {
            container.games.close()
        }
    }
}
