package app.mills.strings

import androidx.compose.runtime.staticCompositionLocalOf

/** Looks up the app's strings: Android from its resources, the desktop build from the XML. */
interface Strings {
    /** The string for [key], formatted with [args] (`%1$s`, `%2$d`, ... as in strings.xml). */
    fun get(key: StringKey, vararg args: Any): String

    /** The language tag of the engine's rules text that goes with these strings. */
    val rulesLocale: String get() = get(StringKey.RulesLocale)
}

val LocalStrings = staticCompositionLocalOf<Strings> { error("No Strings provided") }
