import MillsCore

/// The three games in the engine's order, with their names and taglines in the app's
/// language (from the engine's rules text).
struct GameCatalogEntry {
    let game: GameId
    let name: String
    let tagline: String
    let piecesEach: Int
}

enum GameCatalog {
    /// Read once: iOS restarts the app when its language changes.
    static let all: [GameCatalogEntry] = {
        let language = AppLanguage.current
        return games().map { info in
            let text = rulesText(game: info.game, locale: language)
            return GameCatalogEntry(
                game: info.game,
                name: text.name,
                tagline: text.tagline,
                piecesEach: Int(info.piecesEach)
            )
        }
    }()

    /// The game's name in the app's language; empty for no game.
    static func name(of game: GameId?) -> String {
        all.first { $0.game == game }?.name ?? ""
    }
}
