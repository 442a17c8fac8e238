package app.mills.desktop

import org.jetbrains.skia.EncodedImageFormat
import org.jetbrains.skia.Paint
import org.jetbrains.skia.PaintMode
import org.jetbrains.skia.Path
import org.jetbrains.skia.Surface
import org.w3c.dom.Element
import java.awt.image.BufferedImage
import java.io.ByteArrayInputStream
import java.io.File
import javax.imageio.ImageIO
import javax.xml.parsers.DocumentBuilderFactory

/**
 * The app icons, all drawn from one motif: the Android adaptive icon's foreground
 * (res/drawable/ic_launcher_foreground.xml, three nested squares with a diagonal mill) on its
 * background colour (res/values/colors.xml). From it this writes
 *  - the iOS icon: 1024 × 1024 px, opaque (App Store Connect refuses an icon with alpha), the
 *    adaptive icon's visible 72 dp square scaled to the whole image; the foreground's own
 *    scaling (a `<group>` that keeps the motif inside Android's 66 dp safe zone for round
 *    masks) is not applied, since iOS's rounded square cuts far less;
 *  - the Android themed-icon layer (res/drawable/ic_launcher_monochrome.xml): the same lines
 *    and pieces in one colour, the dark pieces drawn as rings so that the two sides still
 *    differ when the launcher tints the layer.
 * Run by `MILLS_WRITE_ICONS=1 tests/compose/run.sh`; IconTest checks the committed files are
 * what this draws.
 */
object IconArt {
    const val IOS_SIZE = 1024

    /** The adaptive icon's canvas is 108 units; launchers show the middle 72 (a 18-unit margin). */
    private const val VISIBLE_FROM = 18f
    private const val VISIBLE_SIZE = 72f

    /** A dark piece's hole in the monochrome layer, as a share of its radius. */
    private const val RING_HOLE = 0.5

    data class VectorPath(val data: String, val fill: Long?, val stroke: Long?, val strokeWidth: Float)

    /** The foreground's `<group>` scaling about a pivot (1 and the centre when it has none). */
    data class GroupScale(val scale: Float, val pivotX: Float, val pivotY: Float)

    class Motif(val background: Long, val paths: List<VectorPath>, val group: GroupScale)

    fun resDir(root: File): File = File(root, "android/app/src/main/res")

    fun iosIconFile(root: File) = File(root, "ios/App/Mills/Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png")

    fun monochromeFile(root: File) = File(resDir(root), "drawable/ic_launcher_monochrome.xml")

    fun readMotif(res: File): Motif {
        val factory = DocumentBuilderFactory.newInstance().apply { isNamespaceAware = true }
        val colors = factory.newDocumentBuilder().parse(File(res, "values/colors.xml")).getElementsByTagName("color")
        val background = (0 until colors.length).map { colors.item(it) as Element }
            .first { it.getAttribute("name") == "ic_launcher_background" }.textContent.trim()
        val vector = factory.newDocumentBuilder().parse(File(res, "drawable/ic_launcher_foreground.xml"))
        val nodes = vector.getElementsByTagName("path")
        val android = "http://schemas.android.com/apk/res/android"
        val paths = (0 until nodes.length).map { i ->
            val e = nodes.item(i) as Element
            fun attr(name: String) = e.getAttributeNS(android, name).takeIf { it.isNotEmpty() }
            VectorPath(
                data = attr("pathData") ?: error("a path without pathData"),
                fill = attr("fillColor")?.let(::argb),
                stroke = attr("strokeColor")?.let(::argb),
                strokeWidth = attr("strokeWidth")?.toFloat() ?: 0f,
            )
        }
        val groups = vector.getElementsByTagName("group")
        require(groups.length <= 1) { "the foreground has more than one <group>" }
        val group = (groups.item(0) as Element?)?.let { g ->
            fun number(name: String, default: Float) = g.getAttributeNS(android, name).toFloatOrNull() ?: default
            val scale = number("scaleX", 1f)
            require(scale == number("scaleY", 1f)) { "the foreground's group scales x and y differently" }
            GroupScale(scale, number("pivotX", 0f), number("pivotY", 0f))
        } ?: GroupScale(1f, 54f, 54f)
        return Motif(argb(background), paths, group)
    }

    /** `#AARRGGBB` or `#RRGGBB` as an ARGB number. */
    fun argb(hex: String): Long {
        val digits = hex.removePrefix("#")
        return when (digits.length) {
            8 -> digits.toLong(16)
            6 -> 0xFF000000L or digits.toLong(16)
            else -> error("not a colour: $hex")
        }
    }

    /** The iOS icon as an opaque RGB image. */
    fun drawIosIcon(motif: Motif): BufferedImage {
        val surface = Surface.makeRasterN32Premul(IOS_SIZE, IOS_SIZE)
        val canvas = surface.canvas
        canvas.clear(motif.background.toInt())
        val scale = IOS_SIZE / VISIBLE_SIZE
        canvas.scale(scale, scale)
        canvas.translate(-VISIBLE_FROM, -VISIBLE_FROM)
        for (path in motif.paths) {
            val shape = Path.makeFromSVGString(path.data)
            path.fill?.let { canvas.drawPath(shape, paint(it)) }
            path.stroke?.let {
                canvas.drawPath(shape, paint(it).apply { mode = PaintMode.STROKE; strokeWidth = path.strokeWidth })
            }
        }
        val png = surface.makeImageSnapshot().encodeToData(EncodedImageFormat.PNG)!!.bytes
        val drawn = ImageIO.read(ByteArrayInputStream(png))
        val rgb = BufferedImage(IOS_SIZE, IOS_SIZE, BufferedImage.TYPE_INT_RGB)
        rgb.createGraphics().apply { drawImage(drawn, 0, 0, null); dispose() }
        return rgb
    }

    private fun paint(color: Long) = Paint().apply {
        this.color = color.toInt()
        isAntiAlias = true
    }

    /** The themed-icon layer: only its shapes count (the launcher tints it). */
    fun monochromeXml(motif: Motif): String {
        val scaled = motif.group.scale != 1f
        val indent = if (scaled) "        " else "    "
        val body = StringBuilder()
        fun path(vararg attributes: String) {
            body.append("$indent<path")
            attributes.forEach { body.append("\n$indent    $it") }
            body.append(" />\n")
        }
        for (p in motif.paths) {
            when {
                p.stroke != null -> path(
                    "android:strokeColor=\"#FFFFFFFF\"",
                    "android:strokeWidth=\"${number(p.strokeWidth)}\"",
                    "android:pathData=\"${p.data}\"",
                )
                p.fill != null && isDark(p.fill) -> path(
                    "android:fillColor=\"#FFFFFFFF\"",
                    "android:fillType=\"evenOdd\"",
                    "android:pathData=\"${rings(p.data)}\"",
                )
                p.fill != null -> path("android:fillColor=\"#FFFFFFFF\"", "android:pathData=\"${p.data}\"")
            }
        }
        val g = motif.group
        val open = if (scaled) {
            "    <group\n        android:pivotX=\"${number(g.pivotX)}\"\n        android:pivotY=\"${number(g.pivotY)}\"\n" +
                "        android:scaleX=\"${number(g.scale)}\"\n        android:scaleY=\"${number(g.scale)}\">\n"
        } else {
            ""
        }
        val close = if (scaled) "    </group>\n" else ""
        return """
            |<?xml version="1.0" encoding="utf-8"?>
            |<!-- Generated by tests/compose (IconArt.kt) from ic_launcher_foreground.xml: do not edit;
            |     run MILLS_WRITE_ICONS=1 tests/compose/run.sh. The themed-icon layer: the launcher
            |     tints it, so the dark pieces are rings. -->
            |<vector xmlns:android="http://schemas.android.com/apk/res/android"
            |    android:width="108dp"
            |    android:height="108dp"
            |    android:viewportWidth="108"
            |    android:viewportHeight="108">
            |
        """.trimMargin() + open + body + close + "</vector>\n"
    }

    private fun isDark(argb: Long): Boolean {
        val r = (argb shr 16) and 0xFF
        val g = (argb shr 8) and 0xFF
        val b = argb and 0xFF
        return (r * 299 + g * 587 + b * 114) / 1000 < 128
    }

    /** Each circle `Mx,ym-r,0a…` of a path, with a hole of [RING_HOLE] of its radius. */
    private fun rings(data: String): String {
        val circle = Regex("""M([\d.]+),([\d.]+)m-([\d.]+),0a""")
        val circles = circle.findAll(data).map { m -> m.groupValues.drop(1).map(String::toDouble) }.toList()
        require(circles.isNotEmpty()) { "the dark pieces are not circles drawn as M x,y m-r,0 a…: $data" }
        return circles.joinToString("") { (x, y, r) -> circlePath(x, y, r) + circlePath(x, y, r * RING_HOLE) }
    }

    private fun circlePath(x: Double, y: Double, r: Double): String {
        val rr = number(r)
        val d = number(2 * r)
        return "M${number(x)},${number(y)}m-$rr,0a$rr,$rr 0,1 1,$d 0a$rr,$rr 0,1 1,-$d 0"
    }

    private fun number(v: Number): String {
        val d = v.toDouble()
        return if (d == Math.rint(d)) d.toLong().toString() else "%.2f".format(java.util.Locale.ROOT, d).trimEnd('0')
    }

    /** Writes both files under the repository [root]. */
    fun write(root: File) {
        val motif = readMotif(resDir(root))
        iosIconFile(root).apply { parentFile.mkdirs() }.let { ImageIO.write(drawIosIcon(motif), "png", it) }
        monochromeFile(root).writeText(monochromeXml(motif))
        println("wrote ${iosIconFile(root)}\nwrote ${monochromeFile(root)}")
    }
}

/** `java ... app.mills.desktop.IconArtKt ROOT`: (re)writes the icons. */
fun main(args: Array<String>) = IconArt.write(File(args.firstOrNull() ?: "."))
