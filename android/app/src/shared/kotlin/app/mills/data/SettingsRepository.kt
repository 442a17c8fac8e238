package app.mills.data

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update

/** The settings of the app as a stream; every change is written through to the store. */
class SettingsRepository(private val store: SettingsStore) {
    private val state = MutableStateFlow(store.read())

    val settings: StateFlow<UserSettings> = state.asStateFlow()

    val current: UserSettings get() = state.value

    fun update(change: (UserSettings) -> UserSettings) {
        state.update(change)
        store.write(state.value)
    }
}
