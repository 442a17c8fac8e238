package app.mills.desktop

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import app.mills.data.BoardStyle
import app.mills.data.ThemeMode
import app.mills.strings.LocalStrings
import app.mills.strings.Strings
import app.mills.ui.theme.MillsTheme
import org.jetbrains.skia.EncodedImageFormat
import org.jetbrains.skia.Image
import java.io.File

/** A device to render for: a size in dp and a density. */
data class Device(val widthDp: Int, val heightDp: Int, val density: Float) {
    companion object {
        val Phone = Device(393, 852, 2.5f)
        val TabletLandscape = Device(1280, 800, 1.5f)
    }
}

/** Renders composables headlessly (Skia on the CPU) to PNG files. */
object Screenshots {
    val outDir: File = File(System.getProperty("mills.screenshots") ?: "build/screenshots")

    fun render(
        name: String,
        device: Device,
        strings: Strings,
        theme: ThemeMode = ThemeMode.Light,
        board: BoardStyle = BoardStyle.Wood,
        content: @Composable () -> Unit,
    ): Pair<File, Image> {
        val scene = ImageComposeScene(
            width = (device.widthDp * device.density).toInt(),
            height = (device.heightDp * device.density).toInt(),
            density = Density(device.density),
        ) {
            CompositionLocalProvider(LocalStrings provides strings) {
                MillsTheme(theme, board, content)
            }
        }
        try {
            // let entrance animations and the last move's animation run to their end
            var image = scene.render(0)
            for (ms in listOf(16L, 100L, 400L, 1_000L, 2_000L, 4_000L)) image = scene.render(ms * 1_000_000)
            val png = image.encodeToData(EncodedImageFormat.PNG)!!.bytes
            outDir.mkdirs()
            val file = File(outDir, "$name.png")
            file.writeBytes(png)
            return file to image
        } finally {
            scene.close()
        }
    }

    /** How many distinct colours the image has (sampled): a blank render has one or two. */
    fun distinctColours(image: Image): Int {
        val bitmap = org.jetbrains.skia.Bitmap.makeFromImage(image)
        val colours = HashSet<Int>()
        val step = maxOf(1, image.width / 200)
        for (y in 0 until image.height step step) {
            for (x in 0 until image.width step step) colours += bitmap.getColor(x, y)
        }
        return colours.size
    }
}
