package app.mills.desktop

import app.mills.strings.StringKey
import app.mills.strings.Strings
import org.w3c.dom.Element
import java.io.File
import java.util.Locale
import javax.xml.parsers.DocumentBuilderFactory

/** One strings.xml: its strings by name, Android escapes undone, and the untranslatable names. */
class StringsXml(val file: File) {
    val strings: Map<String, String>
    val untranslatable: Set<String>

    init {
        val document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file)
        val nodes = document.getElementsByTagName("string")
        val values = linkedMapOf<String, String>()
        val fixed = mutableSetOf<String>()
        for (i in 0 until nodes.length) {
            val element = nodes.item(i) as Element
            val name = element.getAttribute("name")
            values[name] = unescape(element.textContent)
            if (element.getAttribute("translatable") == "false") fixed += name
        }
        strings = values
        untranslatable = fixed
    }

    companion object {
        /** Android's rules: quotes keep whitespace, otherwise it collapses; backslash escapes. */
        fun unescape(raw: String): String {
            val text = if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
                raw.substring(1, raw.length - 1)
            } else {
                raw.trim().replace(Regex("\\s+"), " ")
            }
            val out = StringBuilder()
            var i = 0
            while (i < text.length) {
                val c = text[i]
                if (c == '\\' && i + 1 < text.length) {
                    val next = text[i + 1]
                    out.append(
                        when (next) {
                            'n' -> '\n'
                            't' -> '\t'
                            else -> next
                        },
                    )
                    i += 2
                } else {
                    out.append(c)
                    i++
                }
            }
            return out.toString()
        }

        /** The format specifiers of a string, e.g. `[%1$s, %2$d]`. */
        fun formatArgs(text: String): List<String> =
            Regex("%(\\d+\\$)?[sd]").findAll(text).map { it.value }.sorted().toList()
    }
}

/**
 * The app's strings on the desktop, read from the Android resource files (the single source
 * of truth): values/strings.xml, overlaid by the folder Android resolves the language to:
 * values-b+zh+Hans for Simplified Chinese (`zh`), values-b+zh+Hant for Traditional (`zh-Hant`).
 */
class XmlStrings(private val resDir: File, val language: String) : Strings {
    private val base = StringsXml(File(resDir, "values/strings.xml"))
    private val overlay = FOLDERS[language]?.let { StringsXml(File(resDir, "$it/strings.xml")) }
    private val locale = LOCALES[language] ?: error("no language '$language' (one of ${LOCALES.keys})")

    override fun get(key: StringKey, vararg args: Any): String {
        val name = key.resourceName
        val pattern = overlay?.strings?.get(name) ?: base.strings[name] ?: error("no string '$name' in $resDir")
        return if (args.isEmpty()) pattern else String.format(locale, pattern, *args)
    }

    companion object {
        /** The app's res directory, from -Dmills.res or relative to the repository root. */
        fun resDir(): File = File(System.getProperty("mills.res") ?: "android/app/src/main/res")

        fun english() = XmlStrings(resDir(), "en")

        fun chinese() = XmlStrings(resDir(), "zh")

        fun traditionalChinese() = XmlStrings(resDir(), "zh-Hant")

        /** The localized folders by language; English is values/ itself. */
        val FOLDERS = mapOf("zh" to "values-b+zh+Hans", "zh-Hant" to "values-b+zh+Hant")

        private val LOCALES = mapOf(
            "en" to Locale.ENGLISH,
            "zh" to Locale.SIMPLIFIED_CHINESE,
            "zh-Hant" to Locale.TRADITIONAL_CHINESE,
        )
    }
}
