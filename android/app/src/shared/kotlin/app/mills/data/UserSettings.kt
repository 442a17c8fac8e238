package app.mills.data

import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

enum class ThemeMode { System, Light, Dark }

enum class BoardStyle { Wood, Slate, Jade }

/** What the player chose in Settings; persisted by the platform's [SettingsStore]. */
data class UserSettings(
    /** The computer's level, 1 (Beginner) to 10 (Grandmaster). */
    val level: Int = DEFAULT_LEVEL,
    val timer: TurnTimer = TurnTimer.SECONDS60,
    /** The side the human plays against the computer; P1 (White) places first. */
    val humanSide: Player = Player.P1,
    val sound: Boolean = true,
    val haptics: Boolean = true,
    val theme: ThemeMode = ThemeMode.System,
    val boardStyle: BoardStyle = BoardStyle.Wood,
    /** Pass-and-play: the far player's panel is turned 180° toward them. */
    val faceToFace: Boolean = false,
) {
    companion object {
        const val DEFAULT_LEVEL = 3
        val LEVELS = 1..10
    }
}
