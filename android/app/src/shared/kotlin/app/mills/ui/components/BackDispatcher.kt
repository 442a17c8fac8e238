package app.mills.ui.components

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.SideEffect
import androidx.compose.runtime.Stable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateListOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.runtime.compositionLocalOf
import androidx.compose.runtime.staticCompositionLocalOf

/**
 * What answers back first, as in every Android app: an open dialog or sheet, then what the
 * screen has open (review), then the back stack. Higher answers first.
 */
enum class BackLayer { BackStack, Screen, Overlay }

/**
 * Back, decided in the shared code. Composables say what back does while they are shown
 * ([BackEffect]); the platform calls [handle] when the system's back arrives. On Android one
 * `BackHandler` enabled while [canHandle] does that, so that with nothing to close at Home the
 * system's predictive back animation goes home; the desktop tests call [handle] themselves.
 * Within a layer the entry registered last (the dialog opened last, drawn on top) answers.
 * Used on the main thread only.
 */
@Stable
class BackDispatcher {
    private val entries = mutableStateListOf<Entry>()

    /** Whether back would do something in the app (a snapshot read: composables recompose on change). */
    val canHandle: Boolean get() = entries.any { it.enabled }

    /** Runs what answers back now; false when nothing does (the platform's own back applies). */
    fun handle(): Boolean {
        val top = entries.withIndex()
            .filter { it.value.enabled }
            .maxWithOrNull(compareBy({ it.value.layer }, { it.index }))
            ?.value ?: return false
        top.onBack()
        return true
    }

    internal fun add(entry: Entry) {
        entries += entry
    }

    internal fun remove(entry: Entry) {
        entries -= entry
    }

    internal class Entry(val layer: BackLayer, enabled: Boolean, val onBack: () -> Unit) {
        var enabled by mutableStateOf(enabled)
    }
}

/** The dispatcher of the app being shown; none (back ignored by the shared code) outside [app.mills.ui.MillsApp]. */
val LocalBackDispatcher = staticCompositionLocalOf<BackDispatcher?> { null }

/** Whether the screen around is the one shown; false while it leaves (see [BackScope]). */
private val LocalBackShown = compositionLocalOf { true }

/**
 * Back for [content] only while it is [shown]. A screen that leaves stays in the composition
 * for its exit animation, with its [BackEffect]s registered: a press in that time would be
 * answered by the screen already gone (leaving it a second time, so popping the one below too,
 * or closing its review or dialog behind the new screen) instead of by the screen now shown.
 */
@Composable
fun BackScope(shown: Boolean, content: @Composable () -> Unit) {
    val outer = LocalBackShown.current
    CompositionLocalProvider(LocalBackShown provides (shown && outer), content = content)
}

/**
 * While this is in the composition and [enabled], back runs [onBack] (unless a higher [layer]
 * answers); never inside a [BackScope] that is leaving.
 */
@Composable
fun BackEffect(layer: BackLayer, enabled: Boolean = true, onBack: () -> Unit) {
    val dispatcher = LocalBackDispatcher.current ?: return
    val currentOnBack by rememberUpdatedState(onBack)
    val answers = enabled && LocalBackShown.current
    val entry = remember(dispatcher, layer) { BackDispatcher.Entry(layer, answers) { currentOnBack() } }
    SideEffect { entry.enabled = answers }
    DisposableEffect(dispatcher, entry) {
        dispatcher.add(entry)
        onDispose { dispatcher.remove(entry) }
    }
}
