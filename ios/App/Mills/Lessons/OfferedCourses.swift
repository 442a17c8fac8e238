import MillsCore

/// A game chosen on Home, to start once the lessons have been offered.
struct PlayRequest: Equatable {
    let game: GameId
    let mode: PlayMode
}

extension SettingsKey {
    /// The games whose lessons have been offered (`OfferedCourses`).
    static let lessonsOffered = "lessonsOffered"
}

/// The games whose lessons the player was offered, kept with `@AppStorage` by the engine's
/// stable game ids (`rulesId`: `zhiqi`, `linked-horse`, ...), one per line.
struct OfferedCourses: RawRepresentable, Equatable {
    var rawValue: String

    init() {
        rawValue = ""
    }

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    private static let ids: [GameId: String] = Dictionary(
        uniqueKeysWithValues: games().map { ($0.game, $0.rulesId) }
    )

    private var all: Set<String> {
        Set(rawValue.split(separator: "\n").map(String.init))
    }

    func contains(_ game: GameId) -> Bool {
        guard let id = Self.ids[game] else { return true }
        return all.contains(id)
    }

    mutating func insert(_ game: GameId) {
        guard let id = Self.ids[game], !contains(game) else { return }
        rawValue = (all.union([id])).sorted().joined(separator: "\n")
    }
}
