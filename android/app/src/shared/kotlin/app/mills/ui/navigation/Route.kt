package app.mills.ui.navigation

import uniffi.mills_ffi.GameId

/** The screens of the app. */
sealed interface Route {
    data object Home : Route

    data object Game : Route

    data object Settings : Route

    data class Rules(val game: GameId) : Route

    // lessons
    /** A game's course list. */
    data class Lessons(val game: GameId) : Route

    /** One lesson, by the engine's id. */
    data class Lesson(val lessonId: String) : Route
}
