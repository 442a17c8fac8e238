package app.mills.data

import java.io.File
import java.io.InputStream

/**
 * The endgame tables pack the app ships (docs/ai.md, "Tables ready at once"): on Android the
 * asset `tables.pack`, made at build time by the Gradle task packEndgameTables from the same
 * engine as the app's library. [open] reads it as a stream; the engine seeks in the pack (one
 * game's frame at a time), which an asset stream cannot, so it is copied to [copy] first, in
 * 64 KB pieces: the 3.5 MB never sit in memory at once, and the copy takes a few milliseconds.
 */
class ShippedTablesPack(private val copy: File, private val open: () -> InputStream) {
    /** Copies the pack to [copy] (atomically: a kill leaves no half copy under that name) and returns it. */
    fun copyOut(): File {
        copy.parentFile?.mkdirs()
        val partial = File(copy.path + ".partial")
        open().use { input -> partial.outputStream().use { output -> input.copyTo(output, COPY_BUFFER) } }
        if (!partial.renameTo(copy)) {
            partial.delete()
            throw java.io.IOException("could not rename $partial to $copy")
        }
        return copy
    }

    /** Removes the copy: once the tables are unpacked it is 3.5 MB of nothing. */
    fun deleteCopy() {
        copy.delete()
    }

    private companion object {
        const val COPY_BUFFER = 64 * 1024
    }
}
