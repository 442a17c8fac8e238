package app.mills.tests

import app.mills.desktop.IconArt
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.DataInputStream
import java.io.File
import javax.imageio.ImageIO
import kotlin.math.abs
import kotlin.math.hypot

/** The committed icons are what IconArt draws from the adaptive icon's motif. */
class IconTest {
    private val root = File(System.getProperty("mills.root") ?: ".")
    private val motif = IconArt.readMotif(IconArt.resDir(root))

    @Test
    fun iosIconIs1024PixelsWithoutAlpha() {
        val file = IconArt.iosIconFile(root)
        assertTrue(file.isFile, "no $file: run MILLS_WRITE_ICONS=1 tests/compose/run.sh")
        // the PNG header: IHDR width, height, bit depth, colour type (2 = RGB, no alpha channel)
        DataInputStream(file.inputStream()).use { png ->
            png.skipBytes(16)
            assertEquals(IconArt.IOS_SIZE, png.readInt(), "width")
            assertEquals(IconArt.IOS_SIZE, png.readInt(), "height")
            assertEquals(8, png.readUnsignedByte(), "bit depth")
            assertEquals(2, png.readUnsignedByte(), "colour type: RGB without alpha")
        }
        assertTrue(file.readBytes().let { bytes -> String(bytes, Charsets.ISO_8859_1).indexOf("tRNS") < 0 }, "tRNS")
    }

    @Test
    fun iosIconIsWhatTheGeneratorDraws() {
        val committed = ImageIO.read(IconArt.iosIconFile(root))
        val drawn = IconArt.drawIosIcon(motif)
        var worst = 0
        var differing = 0
        for (y in 0 until drawn.height) {
            for (x in 0 until drawn.width) {
                val a = committed.getRGB(x, y)
                val b = drawn.getRGB(x, y)
                val d = maxOf(
                    abs((a shr 16 and 0xFF) - (b shr 16 and 0xFF)),
                    abs((a shr 8 and 0xFF) - (b shr 8 and 0xFF)),
                    abs((a and 0xFF) - (b and 0xFF)),
                )
                worst = maxOf(worst, d)
                if (d > 0) differing++
            }
        }
        // antialiasing may differ by a step between Skia builds; a changed motif differs by far more
        assertTrue(worst <= 8 && differing < 2_000, "differs from the generator: $differing pixels, worst $worst")
        // the board colour fills the corners, the ivory lines and pieces are on it
        assertEquals(motif.background.toInt() and 0xFFFFFF, drawn.getRGB(4, 4) and 0xFFFFFF)
        val colours = (0 until 1024 step 8).flatMap { y -> (0 until 1024 step 8).map { x -> drawn.getRGB(x, y) } }.toSet()
        assertTrue(colours.size > 10, "a blank icon")
    }

    /** Launchers may mask the 108 dp layers to a circle: only a 66 dp circle is always shown. */
    @Test
    fun androidPiecesStayInsideTheSafeZone() {
        val group = motif.group
        assertEquals(54f to 54f, group.pivotX to group.pivotY, "the foreground scales about its centre")
        val circle = Regex("""M([\d.]+),([\d.]+)m-([\d.]+),0a""")
        val reach = motif.paths.filter { it.fill != null }.flatMap { path ->
            circle.findAll(path.data).map { m ->
                val (x, y, r) = m.groupValues.drop(1).map(String::toDouble)
                (hypot(x - 54, y - 54) + r) * group.scale
            }.toList()
        }
        assertEquals(5, reach.size, "five pieces")
        assertTrue(reach.all { it <= 33.0 }, "pieces reach ${reach.max()} dp from the centre, past the 33 dp safe radius")
    }

    @Test
    fun monochromeLayerIsGeneratedFromTheForeground() {
        val file = IconArt.monochromeFile(root)
        assertEquals(IconArt.monochromeXml(motif), file.readText(), "$file: run MILLS_WRITE_ICONS=1 tests/compose/run.sh")
        val adaptive = File(IconArt.resDir(root), "mipmap-anydpi/ic_launcher.xml").readText()
        assertTrue(adaptive.contains("<monochrome android:drawable=\"@drawable/ic_launcher_monochrome\""), adaptive)
        // every path of the foreground has its counterpart; the dark pieces became rings
        assertEquals(motif.paths.size, Regex("<path").findAll(file.readText()).count())
        assertTrue(file.readText().contains("android:fillType=\"evenOdd\""))
    }
}
