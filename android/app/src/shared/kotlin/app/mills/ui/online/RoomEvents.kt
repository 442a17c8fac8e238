package app.mills.ui.online

import uniffi.mills_ffi.OnlineEvent

/**
 * Numbers the rooms a view model opens, so that it hears the events of the room open only: a
 * room's events reach the main thread a moment after its session says them, and those of a
 * room left may still be on their way when the next room opens.
 */
internal class RoomEvents(private val hear: (OnlineEvent) -> Unit) {
    private var asked = 0
    private var open = 0

    /** The number of the room asked for now, and the listener of its events. */
    fun next(): Pair<Int, (OnlineEvent) -> Unit> {
        val number = ++asked
        return number to { event -> if (number == open) hear(event) }
    }

    /** Room [number] is the one open from now on. */
    fun opened(number: Int) {
        open = number
    }
}
