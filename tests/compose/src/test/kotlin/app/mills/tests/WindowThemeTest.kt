package app.mills.tests

import androidx.compose.material3.MaterialTheme
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runSkikoComposeUiTest
import app.mills.data.BoardStyle
import app.mills.data.ThemeMode
import app.mills.desktop.XmlStrings
import app.mills.ui.theme.MillsTheme
import app.mills.ui.theme.appIsDark
import app.mills.ui.theme.windowBackground
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory

/**
 * The platform's window takes the colour the app's screens are drawn on, in the app's own theme:
 * Android shows the window before the first frame (from the resources, `values/` or
 * `values-night/`, and then from [windowBackground] set by the activity), so a colour that
 * differs from the screens' shows as a flash at every start.
 */
@OptIn(ExperimentalTestApi::class)
class WindowThemeTest {
    @Test
    fun theSettingDecidesAndSystemFollowsTheSystem() {
        for (systemDark in listOf(false, true)) {
            assertEquals(false, appIsDark(ThemeMode.Light, systemDark))
            assertEquals(true, appIsDark(ThemeMode.Dark, systemDark))
            assertEquals(systemDark, appIsDark(ThemeMode.System, systemDark))
        }
    }

    @Test
    fun theWindowIsTheColourTheScreensAreDrawnOn() = runSkikoComposeUiTest {
        val drawn = mutableMapOf<ThemeMode, Color>()
        setContent {
            for (mode in listOf(ThemeMode.Light, ThemeMode.Dark)) {
                MillsTheme(mode, BoardStyle.Wood) { drawn[mode] = MaterialTheme.colorScheme.background }
            }
        }
        waitForIdle()
        assertEquals(drawn[ThemeMode.Light], windowBackground(dark = false))
        assertEquals(drawn[ThemeMode.Dark], windowBackground(dark = true))
    }

    @Test
    fun theStartingWindowsColoursAreTheThemes() {
        // the starting window is drawn from the resources before any code runs: light in values/,
        // dark in values-night/ (the system's, or the one the app told it: StartingWindowTheme)
        val res = XmlStrings.resDir()
        assertEquals(hex(windowBackground(dark = false)), colour(File(res, "values/colors.xml"), "background"))
        assertEquals(hex(windowBackground(dark = true)), colour(File(res, "values-night/colors.xml"), "background"))
    }

    private fun hex(color: Color) = "#%08X".format(color.toArgb())

    private fun colour(file: File, name: String): String {
        val colours = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file).getElementsByTagName("color")
        return (0 until colours.length).map { colours.item(it) }
            .single { it.attributes.getNamedItem("name").nodeValue == name }
            .textContent.trim().uppercase()
    }
}
