import MillsCore
import SwiftUI

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

/// The first time a player opens a game from Home, "Learn to play <game>?" with Start (the
/// course, at its first unsolved lesson) or Not now (the game); asked once per game.
struct LessonOfferModifier: ViewModifier {
    @Binding var request: PlayRequest?
    let start: (PlayRequest) -> Void
    @AppStorage(SettingsKey.lessonsOffered) private var offered = OfferedCourses()
    @State private var showsOffer = false
    @State private var course: GameId?

    func body(content: Content) -> some View {
        content
            .onChange(of: request) { _, new in
                guard let new else { return }
                if offered.contains(new.game) {
                    request = nil
                    start(new)
                } else {
                    showsOffer = true
                }
            }
            .alert(title, isPresented: $showsOffer, presenting: request) { pending in
                Button("lesson_offer_start") {
                    offered.insert(pending.game)
                    request = nil
                    course = pending.game
                }
                Button("lesson_offer_not_now", role: .cancel) {
                    offered.insert(pending.game)
                    request = nil
                    start(pending)
                }
            } message: { pending in
                Text("lesson_offer_text \(lessons(game: pending.game, locale: AppLanguage.current).count)")
            }
            .navigationDestination(item: $course) { game in
                CourseScreen(game: game, startsNextLesson: true)
            }
    }

    private var title: Text {
        let name = GameCatalog.name(of: request?.game)
        return Text("lesson_offer_title \(name)")
    }
}

extension View {
    /// Offers a game's lessons before `request` first starts it; `start` plays it.
    func offersLessons(before request: Binding<PlayRequest?>, start: @escaping (PlayRequest) -> Void) -> some View {
        modifier(LessonOfferModifier(request: request, start: start))
    }
}
