package app.mills.ui.components

import androidx.compose.runtime.staticCompositionLocalOf
import app.mills.game.GameEffect

/** Plays the sound of a game effect (Android: SoundPool); silent by default. */
fun interface SoundPlayer {
    fun play(effect: GameEffect)
}

val LocalSoundPlayer = staticCompositionLocalOf { SoundPlayer { } }
