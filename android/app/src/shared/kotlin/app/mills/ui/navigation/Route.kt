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

    // puzzles
    /** The puzzles' home: statistics and rating, today's puzzle, the rush, the choice. */
    data object Puzzles : Route

    /** The puzzle being played (its mode and list are the puzzle view model's). */
    data object Puzzle : Route

    // play a friend online
    /** Create a room or join one (a code, or a link opened with the app). */
    data object PlayFriend : Route

    /** The room: waiting for the friend, the game, the result and the rematch. */
    data object Online : Route
}
