package app.mills.ui.theme

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Typography
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.sp
import app.mills.data.BoardStyle
import app.mills.data.ThemeMode

private val base = Typography()

val MillsTypography = base.copy(
    displaySmall = base.displaySmall.copy(fontWeight = FontWeight.Bold, letterSpacing = (-0.5).sp),
    headlineMedium = base.headlineMedium.copy(fontWeight = FontWeight.Bold),
    headlineSmall = base.headlineSmall.copy(fontWeight = FontWeight.SemiBold),
    titleLarge = base.titleLarge.copy(fontWeight = FontWeight.SemiBold),
    titleMedium = base.titleMedium.copy(fontWeight = FontWeight.SemiBold),
    labelLarge = base.labelLarge.copy(fontWeight = FontWeight.SemiBold),
)

/** Whether the app is drawn dark: the player's choice, or the system's ([systemDark]) when it follows the system. */
fun appIsDark(mode: ThemeMode, systemDark: Boolean): Boolean = when (mode) {
    ThemeMode.System -> systemDark
    ThemeMode.Light -> false
    ThemeMode.Dark -> true
}

@Composable
fun isDark(mode: ThemeMode): Boolean = appIsDark(mode, isSystemInDarkTheme())

/**
 * The colour behind every screen. The platform's window is given it too (Android: the window
 * background, also before the first frame), so that no other colour shows while the app starts
 * or a screen is laid out again.
 */
fun windowBackground(dark: Boolean): Color = (if (dark) DarkColors else LightColors).background

@Composable
fun MillsTheme(mode: ThemeMode, boardStyle: BoardStyle, content: @Composable () -> Unit) {
    MaterialTheme(
        colorScheme = if (isDark(mode)) DarkColors else LightColors,
        typography = MillsTypography,
    ) {
        CompositionLocalProvider(LocalBoardColors provides BoardColors.of(boardStyle), content = content)
    }
}
