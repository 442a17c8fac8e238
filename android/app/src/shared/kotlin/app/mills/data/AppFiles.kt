package app.mills.data

import java.io.File

/** Where the app keeps its files: Android's filesDir, or a temporary directory in tests. */
class AppFiles(directory: File) {
    /** The session writes the game in progress here after every change (and restores it). */
    val autosavePath: String = File(directory, "autosave.json").path

    /** Finished games against the computer, per game and level. */
    val statsPath: String = File(directory, "stats.json").path

    /** The lessons solved, per game (written by the engine: `lessonProgressMarkSolved`). */
    val lessonProgressPath: String = File(directory, "lessons.json").path
    /** The engine's endgame tables, built here on first use (about 18 MB). */
    val tablesDir: File = File(directory, "tables")
}
