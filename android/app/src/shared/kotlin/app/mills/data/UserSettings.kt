package app.mills.data

import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

enum class ThemeMode { System, Light, Dark }

enum class BoardStyle { Wood, Slate, Jade }

/** What the player chose in Settings; persisted by the platform's [SettingsStore]. */
data class UserSettings(
    /** The computer's level (the engine's range and default, [EngineChoices]). */
    val level: Int = EngineChoices.defaultLevel,
    val timer: TurnTimer = EngineChoices.defaultTimer,
    /** The side the human plays against the computer; P1 (White) places first. */
    val humanSide: Player = Player.P1,
    val sound: Boolean = true,
    val haptics: Boolean = true,
    val theme: ThemeMode = ThemeMode.System,
    val boardStyle: BoardStyle = BoardStyle.Wood,
    /** Pass-and-play: the far player's panel is turned 180° toward them. */
    val faceToFace: Boolean = false,
    /** The games whose lessons were offered once, when the game was first opened. */
    val lessonsOffered: Set<GameId> = emptySet(),
    /** The evaluation bar above the board: off by default. */
    val evaluationBar: Boolean = false,
    /** Play a friend: the mills-server's address (`host:port`, `ws://…`); empty: the app stays offline. */
    val serverAddress: String = "",
    /** Play a friend: the name the opponent sees (empty: none is sent). */
    val playerName: String = "",
)
