package app.mills.tests

import app.mills.desktop.StringsXml
import app.mills.desktop.XmlStrings
import app.mills.strings.StringKey
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/** strings.xml is the single source of truth: every key the UI uses exists in both languages. */
class StringsTest {
    private val res = XmlStrings.resDir()
    private val en = StringsXml(File(res, "values/strings.xml"))
    private val zh = StringsXml(File(res, "values-b+zh+Hans/strings.xml"))

    @Test
    fun everyKeyExistsInEnglishAndChinese() {
        val missingEn = StringKey.entries.map { it.resourceName }.filterNot { it in en.strings }
        val missingZh = StringKey.entries.map { it.resourceName }
            .filterNot { it in zh.strings || it in en.untranslatable }
        assertEquals(emptyList<String>(), missingEn, "missing in values/strings.xml")
        assertEquals(emptyList<String>(), missingZh, "missing in values-b+zh+Hans/strings.xml")
    }

    @Test
    fun noStringIsUnusedOrOnlyInChinese() {
        val used = StringKey.entries.map { it.resourceName }.toSet()
        assertEquals(emptySet<String>(), en.strings.keys - used, "strings no StringKey uses")
        assertEquals(emptySet<String>(), zh.strings.keys - en.strings.keys, "Chinese strings without English")
    }

    /** Lint's ExtraTranslation, fatal in lintVitalRelease: an untranslatable string has no translation. */
    @Test
    fun untranslatableStringsAreNotTranslated() {
        assertEquals(emptySet<String>(), zh.untranslatable, "translatable=\"false\" in values-b+zh+Hans")
        assertEquals(emptySet<String>(), en.untranslatable intersect zh.strings.keys, "translated untranslatable strings")
    }

    @Test
    fun translationsTakeTheSameArguments() {
        for ((name, english) in en.strings) {
            val chinese = zh.strings[name] ?: continue
            assertEquals(StringsXml.formatArgs(english), StringsXml.formatArgs(chinese), name)
        }
    }

    @Test
    fun resourceNamesFollowTheKeys() {
        assertEquals("home_title", StringKey.HomeTitle.resourceName)
        assertEquals("level_10", StringKey.Level10.resourceName)
        assertEquals("prompt_pin_more", StringKey.PromptPinMore.resourceName)
    }

    @Test
    fun androidEscapesAreUndone() {
        assertEquals("Computer's turn", XmlStrings.english().get(StringKey.TurnComputer))
        assertEquals(", ", XmlStrings.english().get(StringKey.ListSeparator))
        assertEquals("Pass & play", XmlStrings.english().get(StringKey.HomePassAndPlay))
        assertEquals("白方走棋", XmlStrings.chinese().get(StringKey.TurnPlayer, "白方"))
        assertTrue(XmlStrings.chinese().get(StringKey.AppName).isNotBlank())
    }
}
