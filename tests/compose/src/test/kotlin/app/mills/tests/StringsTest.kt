package app.mills.tests

import app.mills.desktop.StringsXml
import app.mills.desktop.XmlStrings
import app.mills.strings.StringKey
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * strings.xml is the single source of truth: every key the UI uses exists in every language
 * (English, Simplified and Traditional Chinese), with the same format arguments.
 */
class StringsTest {
    private val res = XmlStrings.resDir()
    private val en = StringsXml(File(res, "values/strings.xml"))
    private val translations = XmlStrings.FOLDERS.values.associateWith { StringsXml(File(res, "$it/strings.xml")) }

    @Test
    fun thereAreTwoTranslations() {
        assertEquals(setOf("values-b+zh+Hans", "values-b+zh+Hant"), translations.keys)
        val onDisk = res.listFiles { f -> f.name.startsWith("values-") && File(f, "strings.xml").isFile }!!
        assertEquals(translations.keys, onDisk.map { it.name }.toSet(), "a strings.xml the tests do not read")
    }

    @Test
    fun everyKeyExistsInEveryLanguage() {
        val missingEn = StringKey.entries.map { it.resourceName }.filterNot { it in en.strings }
        assertEquals(emptyList<String>(), missingEn, "missing in values/strings.xml")
        for ((folder, strings) in translations) {
            val missing = StringKey.entries.map { it.resourceName }
                .filterNot { it in strings.strings || it in en.untranslatable }
            assertEquals(emptyList<String>(), missing, "missing in $folder/strings.xml")
        }
    }

    @Test
    fun noStringIsUnusedOrOnlyTranslated() {
        val used = StringKey.entries.map { it.resourceName }.toSet()
        assertEquals(emptySet<String>(), en.strings.keys - used, "strings no StringKey uses")
        for ((folder, strings) in translations) {
            assertEquals(emptySet<String>(), strings.strings.keys - en.strings.keys, "$folder strings without English")
        }
    }

    /** Lint's ExtraTranslation, fatal in lintVitalRelease: an untranslatable string has no translation. */
    @Test
    fun untranslatableStringsAreNotTranslated() {
        for ((folder, strings) in translations) {
            assertEquals(emptySet<String>(), strings.untranslatable, "translatable=\"false\" in $folder")
            assertEquals(emptySet<String>(), en.untranslatable intersect strings.strings.keys, "$folder translates untranslatable strings")
        }
    }

    @Test
    fun translationsTakeTheSameArguments() {
        for ((folder, strings) in translations) {
            for ((name, english) in en.strings) {
                val translated = strings.strings[name] ?: continue
                assertEquals(StringsXml.formatArgs(english), StringsXml.formatArgs(translated), "$folder $name")
            }
        }
    }

    /** Each folder asks the engine for the rules text and lessons of its own script. */
    @Test
    fun eachLanguageNamesItsEngineLocale() {
        assertEquals("en", XmlStrings.english().rulesLocale)
        assertEquals("zh-Hans", XmlStrings.chinese().rulesLocale)
        assertEquals("zh-Hant", XmlStrings.traditionalChinese().rulesLocale)
    }

    /** Traditional Chinese is its own text, not the Simplified one: Taiwan's words, not just its characters. */
    @Test
    fun traditionalChineseIsTranslatedInTaiwanUsage() {
        val hans = translations.getValue("values-b+zh+Hans").strings
        val hant = translations.getValue("values-b+zh+Hant").strings
        val simplifiedOnly = "这个们对时动盘线条点与没进为让还边连胜负设计难认输马厩双开过么样两从间该"
        for ((name, text) in hant) {
            val bad = text.filter { it in simplifiedOnly }
            assertEquals("", bad, "values-b+zh+Hant $name has Simplified characters: $text")
        }
        assertEquals("設定", hant["action_settings"])
        assertEquals("觸覺回饋", hant["settings_haptics"])
        assertTrue(hant.values.none { "枚" in it || "默認" in it || "屏幕" in it }, "mainland words in zh-Hant")
        assertNotEquals(hans["prompt_place"], hant["prompt_place"])
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
        assertEquals("白方走棋", XmlStrings.traditionalChinese().get(StringKey.TurnPlayer, "白方"))
        assertEquals("押子：選一顆對方棋子（還有 2 顆）", XmlStrings.traditionalChinese().get(StringKey.PromptPinMore, 2))
        assertTrue(XmlStrings.chinese().get(StringKey.AppName).isNotBlank())
    }
}
