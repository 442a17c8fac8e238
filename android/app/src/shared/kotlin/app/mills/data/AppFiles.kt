package app.mills.data

import java.io.File

/**
 * Where the app keeps its files. [directory] is backed up with the player's saves (Android's
 * filesDir); [noBackupDirectory] holds what the app can make again and must not fill a backup
 * with (Android's noBackupFilesDir). Tests give temporary directories.
 */
class AppFiles(directory: File, noBackupDirectory: File = directory) {
    /** The session writes the game in progress here after every change (and restores it). */
    val autosavePath: String = File(directory, "autosave.json").path

    /** Finished games against the computer, per game and level. */
    val statsPath: String = File(directory, "stats.json").path

    /** The lessons solved, per game (written by the engine: `lessonProgressMarkSolved`). */
    val lessonProgressPath: String = File(directory, "lessons.json").path

    /**
     * The puzzle statistics and the player's rating (written by the engine: `puzzleStats*`,
     * and by game sessions when a game against the computer ends).
     */
    val puzzleStatsPath: String = File(directory, "puzzles.json").path

    /**
     * This install's secret for the online server (made and read by the engine): it is the
     * device's seat in its rooms, so it stays on this device, never in a backup or a device
     * transfer (a copy on a second device would sit in the same seats).
     */
    val onlineSecretPath: String = File(noBackupDirectory, "online-secret").path

    /**
     * The online room this device last played in (written by the engine's session), for
     * "Return to your game" after the app was killed. Beside the secret and not backed up:
     * without the secret's seat the room cannot be opened.
     */
    val onlineRoomPath: String = File(noBackupDirectory, "online-room.json").path

    /** The engine's endgame tables, built here on first use (about 18 MB): never backed up. */
    val tablesDir: File = File(noBackupDirectory, "tables")
}
