package app.mills.game

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.GameId

/** Sentences for what happened on the board: "Computer placed on d6", "Mill!". */
object Announcer {
    fun describe(motions: List<Motion>, game: GameId, names: PlayerNames, formedLine: Boolean): UiText? {
        val parts = motions.map { motion ->
            when (motion) {
                is Motion.Place -> text(StringKey.AnnouncePlaced, names.name(motion.owner), motion.point)
                is Motion.Step -> text(StringKey.AnnounceStepped, names.name(motion.owner), motion.from, motion.point)
                is Motion.Pin -> text(StringKey.AnnouncePinned, names.name(motion.to), motion.point)
                is Motion.Remove -> text(
                    if (motion.pull) StringKey.AnnouncePulled else StringKey.AnnounceCaptured,
                    names.name(motion.owner.opponent()),
                    motion.point,
                )
                is Motion.Stable -> text(StringKey.AnnounceStabled, names.name(motion.owner), motion.point)
            }
        }.toMutableList()
        val arrived = motions.any { it is Motion.Place || it is Motion.Step }
        if (formedLine && arrived) {
            parts += text(if (game == GameId.LINKED_HORSE) StringKey.AnnounceLinkedHorse else StringKey.AnnounceMill)
        }
        return if (parts.isEmpty()) null else UiText.Joined(parts)
    }
}
