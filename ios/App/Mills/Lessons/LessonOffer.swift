import MillsCore
import SwiftUI

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
