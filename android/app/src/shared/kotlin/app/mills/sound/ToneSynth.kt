package app.mills.sound

import app.mills.game.GameEffect
import java.io.ByteArrayOutputStream
import kotlin.math.PI
import kotlin.math.exp
import kotlin.math.sin

/** Synthesizes the game's sounds (a wooden click, chimes) as 16-bit mono WAV files. */
object ToneSynth {
    private const val RATE = 22_050

    fun wav(effect: GameEffect): ByteArray {
        val notes = when (effect) {
            GameEffect.Place -> listOf(Note(880.0, 0.05, 60.0))
            GameEffect.Remove -> listOf(Note(330.0, 0.12, 25.0), Note(220.0, 0.12, 25.0))
            GameEffect.Stable -> listOf(Note(660.0, 0.1, 20.0), Note(990.0, 0.14, 18.0))
            GameEffect.Mill -> listOf(Note(784.0, 0.08, 22.0), Note(1047.0, 0.16, 14.0))
            GameEffect.Refused -> listOf(Note(180.0, 0.12, 30.0))
            GameEffect.Won -> listOf(Note(523.0, 0.12, 12.0), Note(659.0, 0.12, 12.0), Note(784.0, 0.3, 8.0))
            GameEffect.Lost -> listOf(Note(392.0, 0.16, 10.0), Note(294.0, 0.3, 8.0))
            GameEffect.Draw -> listOf(Note(440.0, 0.2, 10.0))
            GameEffect.TimedOut -> listOf(Note(262.0, 0.2, 12.0))
        }
        val samples = notes.flatMap { it.samples() }
        return encode(samples)
    }

    private class Note(val hz: Double, val seconds: Double, val decay: Double) {
        fun samples(): List<Short> = (0 until (RATE * seconds).toInt()).map { i ->
            val t = i.toDouble() / RATE
            val v = sin(2 * PI * hz * t) * exp(-decay * t) * 0.6
            (v * Short.MAX_VALUE).toInt().toShort()
        }
    }

    private fun encode(samples: List<Short>): ByteArray {
        val data = samples.size * 2
        val out = ByteArrayOutputStream(44 + data)
        fun int(v: Int) = repeat(4) { out.write((v shr (8 * it)) and 0xFF) }
        fun short(v: Int) = repeat(2) { out.write((v shr (8 * it)) and 0xFF) }
        out.write("RIFF".toByteArray())
        int(36 + data)
        out.write("WAVE".toByteArray())
        out.write("fmt ".toByteArray())
        int(16) // chunk size
        short(1) // PCM
        short(1) // mono
        int(RATE)
        int(RATE * 2) // bytes per second
        short(2) // block align
        short(16) // bits per sample
        out.write("data".toByteArray())
        int(data)
        samples.forEach { short(it.toInt()) }
        return out.toByteArray()
    }
}
