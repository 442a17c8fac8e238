package app.mills.ui.navigation

import androidx.lifecycle.ViewModel
import app.mills.data.GameRepository
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.mills_ffi.GameId

/**
 * The back stack, kept across configuration changes; it also tells the game whether it is
 * on screen and in the foreground, so that the turn timer only runs while it is seen.
 */
class AppViewModel(private val repository: GameRepository) : ViewModel() {
    private val stack = MutableStateFlow<List<Route>>(listOf(Route.Home))

    val backStack: StateFlow<List<Route>> = stack.asStateFlow()

    val current: Route get() = stack.value.last()

    val canGoBack: Boolean get() = stack.value.size > 1

    fun navigate(route: Route) {
        stack.value = stack.value + route
        onRouteChanged()
    }

    /** Opens the game screen on top of Home, whatever was open. */
    fun openGame() {
        stack.value = listOf(Route.Home, Route.Game)
        onRouteChanged()
    }

    /** [route] on top of Home, whatever was open (an invite opened with the app). */
    fun openFromHome(route: Route) {
        stack.value = listOf(Route.Home, route)
        onRouteChanged()
    }

    /** A game's course list, with [lessonId] open on top of it when given (the offer's Start). */
    fun openLessons(game: GameId, lessonId: String? = null) {
        stack.value = stack.value + listOfNotNull(Route.Lessons(game), lessonId?.let(Route::Lesson))
        onRouteChanged()
    }

    /** The screen on top becomes [route] (the next lesson: back still goes to the list). */
    fun replaceTop(route: Route) {
        stack.value = stack.value.dropLast(1) + route
        onRouteChanged()
    }

    fun back(): Boolean {
        if (!canGoBack) return false
        stack.value = stack.value.dropLast(1)
        onRouteChanged()
        return true
    }

    /** The app went to the background (false) or came back (true). */
    fun setForeground(foreground: Boolean) = repository.setForeground(foreground)

    private fun onRouteChanged() = repository.setGameVisible(current == Route.Game)

    /** The activity is finished for good: end the game's session (it reopens from its autosave). */
    override fun onCleared() = repository.close()
}
