package app.mills.android

import android.content.Context
import android.media.AudioAttributes
import android.media.SoundPool
import app.mills.game.GameEffect
import app.mills.sound.ToneSynth
import app.mills.ui.components.SoundPlayer
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import java.io.File
import java.nio.file.Files
import java.nio.file.StandardCopyOption

/**
 * Short synthesized sounds (see [ToneSynth]) played through a SoundPool. SoundPool plays files,
 * so each sound is written once to the cache: off the main thread, and atomically (a temporary
 * file renamed into place), so that a process killed mid-write never leaves a cut-off sound that
 * later launches would play. A sound asked for before its file is ready is not played.
 * Used on the main thread; [scope] (the activity's) ends the preparation with it.
 */
class SoundPoolPlayer(context: Context, scope: CoroutineScope) : SoundPlayer {
    private val pool = SoundPool.Builder()
        .setMaxStreams(4)
        .setAudioAttributes(
            AudioAttributes.Builder()
                .setUsage(AudioAttributes.USAGE_GAME)
                .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                .build(),
        )
        .build()

    private val sounds = HashMap<GameEffect, Int>()
    private var released = false

    init {
        val directory = context.cacheDir
        scope.launch {
            val files = withContext(Dispatchers.IO) {
                GameEffect.entries.associateWith { effect -> soundFile(directory, effect) }
            }
            if (!released) files.forEach { (effect, file) -> sounds[effect] = pool.load(file.path, 1) }
        }
    }

    override fun play(effect: GameEffect) {
        sounds[effect]?.let { pool.play(it, 0.8f, 0.8f, 1, 0, 1f) }
    }

    fun release() {
        released = true
        pool.release()
    }

    private companion object {
        /** The WAV file of [effect], written (or rewritten, if another version of it is there) when needed. */
        fun soundFile(directory: File, effect: GameEffect): File {
            val file = File(directory, "sound-${effect.name.lowercase()}.wav")
            val wav = ToneSynth.wav(effect)
            if (!file.isFile || !file.readBytes().contentEquals(wav)) {
                val partial = File.createTempFile("sound-", ".part", directory)
                try {
                    partial.writeBytes(wav)
                    Files.move(partial.toPath(), file.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
                } finally {
                    partial.delete() // nothing left when the move happened
                }
            }
            return file
        }
    }
}
