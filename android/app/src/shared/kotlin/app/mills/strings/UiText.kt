package app.mills.strings

import androidx.compose.runtime.Composable
import androidx.compose.runtime.ReadOnlyComposable
import app.mills.data.RulesCatalog
import uniffi.mills_ffi.GameId

/** Text for the UI that is resolved where it is shown, in the language of the moment. */
sealed interface UiText {
    data class Res(val key: StringKey, val args: List<Any> = emptyList()) : UiText

    /** Text that needs no translation (point names, the engine's own localized text). */
    data class Raw(val text: String) : UiText

    /** A game's name in the language of the strings (from the engine's rules text). */
    data class GameName(val game: GameId) : UiText

    /** Parts joined with the language's list separator. */
    data class Joined(val parts: List<UiText>) : UiText

    fun resolve(strings: Strings): String = when (this) {
        is Raw -> text
        is Res -> strings.get(key, *args.map { if (it is UiText) it.resolve(strings) else it }.toTypedArray())
        is GameName -> RulesCatalog.text(game, strings.rulesLocale).name
        is Joined -> parts.joinToString(strings.get(StringKey.ListSeparator)) { it.resolve(strings) }
    }
}

fun text(key: StringKey, vararg args: Any): UiText = UiText.Res(key, args.toList())

@Composable
@ReadOnlyComposable
fun UiText.resolve(): String = resolve(LocalStrings.current)

@Composable
@ReadOnlyComposable
fun stringOf(key: StringKey, vararg args: Any): String = UiText.Res(key, args.toList()).resolve(LocalStrings.current)
