package app.mills.tests

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.test.StandardTestDispatcher
import kotlinx.coroutines.test.TestDispatcher
import kotlin.coroutines.CoroutineContext

/**
 * The app's main thread in a Compose UI test. On a phone the view models' coroutines and the
 * clicks take turns on one main thread, and the view models rely on it (they hold no locks).
 * A Compose UI test clicks on its own thread and runs its composition's dispatcher from there
 * (or from Swing's event thread while it waits for a frame drawn there): never two at once.
 * So that dispatcher ([composition], given to `runComposeUiTest` as its effect context) runs the
 * app's main-thread work too ([dispatcher], given to the app), instead of Swing's event thread
 * running it beside the clicks. Delays on [dispatcher] take real time (a lesson's countdown),
 * as they would on a phone.
 */
class ComposeMain {
    val composition: TestDispatcher = StandardTestDispatcher(name = "compose-main")

    val dispatcher: CoroutineDispatcher = object : CoroutineDispatcher() {
        override fun dispatch(context: CoroutineContext, block: Runnable) = composition.dispatch(context, block)

        override fun toString() = "ComposeMain"
    }
}
