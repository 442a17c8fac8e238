package app.mills.ui.theme

import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.ui.graphics.Color

/** Ink teal, vermilion and brass on warm paper: the colours of a lacquered game box. */
internal object Palette {
    val Teal = Color(0xFF1E6A64)
    val TealLight = Color(0xFF86D3C9)
    val Vermilion = Color(0xFFC0462B)
    val VermilionLight = Color(0xFFFFB4A1)
    val Brass = Color(0xFFB8892A)
    val BrassLight = Color(0xFFE9C46A)
    val Paper = Color(0xFFF6F1E8)
    val PaperHigh = Color(0xFFFFFCF7)
    val Sand = Color(0xFFECE4D6)
    val Ink = Color(0xFF2B2620)
    val Night = Color(0xFF14171A)
    val NightHigh = Color(0xFF1E2226)
    val Slate = Color(0xFF2B3035)
}

val LightColors = lightColorScheme(
    primary = Palette.Teal,
    onPrimary = Color.White,
    primaryContainer = Color(0xFFCDEBE6),
    onPrimaryContainer = Color(0xFF0B3A36),
    secondary = Color(0xFF4A635F),
    onSecondary = Color.White,
    secondaryContainer = Color(0xFFCDE8E2),
    onSecondaryContainer = Color(0xFF06201C),
    error = Palette.Vermilion,
    onError = Color.White,
    errorContainer = Color(0xFFFFDAD1),
    onErrorContainer = Color(0xFF4A1407),
    tertiary = Palette.Brass,
    onTertiary = Color.White,
    tertiaryContainer = Color(0xFFF8E3B2),
    onTertiaryContainer = Color(0xFF3D2B00),
    background = Palette.Paper,
    onBackground = Palette.Ink,
    surface = Palette.Paper,
    onSurface = Palette.Ink,
    surfaceVariant = Palette.Sand,
    onSurfaceVariant = Color(0xFF5E564B),
    surfaceContainerLowest = Color.White,
    surfaceContainerLow = Palette.PaperHigh,
    surfaceContainer = Color(0xFFF1EADF),
    surfaceContainerHigh = Color(0xFFEBE3D6),
    surfaceContainerHighest = Color(0xFFE4DBCC),
    outline = Color(0xFF8F8678),
    outlineVariant = Color(0xFFD6CCBC),
)

val DarkColors = darkColorScheme(
    primary = Palette.TealLight,
    onPrimary = Color(0xFF003732),
    primaryContainer = Color(0xFF145048),
    onPrimaryContainer = Color(0xFFCDEBE6),
    secondary = Color(0xFFB1CCC6),
    onSecondary = Color(0xFF1C3531),
    secondaryContainer = Color(0xFF334B47),
    onSecondaryContainer = Color(0xFFCDE8E2),
    error = Palette.VermilionLight,
    onError = Color(0xFF5F1606),
    errorContainer = Color(0xFF7E2A16),
    onErrorContainer = Color(0xFFFFDAD1),
    tertiary = Palette.BrassLight,
    onTertiary = Color(0xFF3D2B00),
    tertiaryContainer = Color(0xFF5A4205),
    onTertiaryContainer = Color(0xFFF8E3B2),
    background = Palette.Night,
    onBackground = Color(0xFFECE7DF),
    surface = Palette.Night,
    onSurface = Color(0xFFECE7DF),
    surfaceVariant = Palette.Slate,
    onSurfaceVariant = Color(0xFFC4BCB0),
    surfaceContainerLowest = Color(0xFF0F1214),
    surfaceContainerLow = Color(0xFF191C20),
    surfaceContainer = Palette.NightHigh,
    surfaceContainerHigh = Color(0xFF262A2F),
    surfaceContainerHighest = Color(0xFF30353A),
    outline = Color(0xFF8E877C),
    outlineVariant = Color(0xFF3F444A),
)
