package app.mills.android

import android.content.Context
import android.media.AudioAttributes
import android.media.SoundPool
import app.mills.game.GameEffect
import app.mills.sound.ToneSynth
import app.mills.ui.components.SoundPlayer
import java.io.File

/** Short synthesized sounds (see [ToneSynth]) played through a SoundPool. */
class SoundPoolPlayer(context: Context) : SoundPlayer {
    private val pool = SoundPool.Builder()
        .setMaxStreams(4)
        .setAudioAttributes(
            AudioAttributes.Builder()
                .setUsage(AudioAttributes.USAGE_GAME)
                .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                .build(),
        )
        .build()

    private val sounds: Map<GameEffect, Int> = GameEffect.entries.associateWith { effect ->
        val file = File(context.cacheDir, "sound-${effect.name.lowercase()}.wav")
        if (!file.exists()) file.writeBytes(ToneSynth.wav(effect))
        pool.load(file.path, 1)
    }

    override fun play(effect: GameEffect) {
        sounds[effect]?.let { pool.play(it, 0.8f, 0.8f, 1, 0, 1f) }
    }

    fun release() = pool.release()
}
