package app.mills.data

import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.GameInfo
import uniffi.mills_ffi.RulesText
import uniffi.mills_ffi.games
import uniffi.mills_ffi.rulesText
import java.util.concurrent.ConcurrentHashMap

/** The engine's games: their facts (pieces, panel, board) and rules text per language, read once. */
object RulesCatalog {
    private val cache = ConcurrentHashMap<Pair<GameId, String>, RulesText>()

    private val infos: Map<GameId, GameInfo> by lazy { games().associateBy { it.game } }

    /** The three games in the engine's display order. */
    val games: List<GameId> by lazy { games().map { it.game } }

    fun info(game: GameId): GameInfo = infos.getValue(game)

    fun text(game: GameId, locale: String): RulesText = cache.getOrPut(game to locale) { rulesText(game, locale) }

    fun piecesEach(game: GameId): Int = info(game).piecesEach.toInt()
}
