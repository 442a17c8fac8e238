package app.mills.data

import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.RulesText
import uniffi.mills_ffi.rulesText
import java.util.concurrent.ConcurrentHashMap

/** The engine's rules text (names, taglines, rules) per game and language, read once. */
object RulesCatalog {
    private val cache = ConcurrentHashMap<Pair<GameId, String>, RulesText>()

    /** The three games in display order. */
    val games: List<GameId> = listOf(GameId.ZHIQI, GameId.LINKED_HORSE, GameId.TWELVE_MENS_MORRIS)

    fun text(game: GameId, locale: String): RulesText = cache.getOrPut(game to locale) { rulesText(game, locale) }

    fun piecesEach(game: GameId): Int = if (game == GameId.LINKED_HORSE) 10 else 12
}
