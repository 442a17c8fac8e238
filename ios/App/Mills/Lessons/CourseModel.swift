import Foundation
import MillsCore
import Observation

/// One game's course: its lessons in the engine's order, in the app's language, and which
/// of them the player has solved (the engine's progress file).
@MainActor
@Observable
final class CourseModel {
    let game: GameId
    let lessons: [LessonInfo]
    private(set) var solvedIds: Set<String> = []
    private(set) var progress: CourseProgress?
    /// Why the progress could not be read or reset (a damaged file, kept as it is; no storage).
    private(set) var error: String?

    /// Where the progress is kept; the lessons opened from the course mark it too.
    @ObservationIgnored let store: LessonProgressStore?

    init(game: GameId, locale: String = AppLanguage.current, store: LessonProgressStore? = LessonProgressStore.standard) {
        self.game = game
        lessons = course(of: game, locale: locale)
        self.store = store
        reload()
    }

    var solvedCount: Int { Int(progress?.solved ?? 0) }
    var total: Int { Int(progress?.total ?? UInt32(lessons.count)) }

    func isSolved(_ lesson: LessonInfo) -> Bool {
        solvedIds.contains(lesson.id)
    }

    /// The first lesson not solved yet, as the engine counts it; the first one while the
    /// progress is unknown; nil once all are solved.
    var nextLesson: LessonInfo? {
        guard let progress else { return lessons.first }
        return lessons.first { $0.id == progress.nextLessonId }
    }

    /// Reads the progress file again (after a lesson was solved).
    func reload() {
        guard let store else { return }
        update { try store.load() }
    }

    /// Starts the course again: its solved marks are forgotten, other games' stay.
    func reset() {
        guard let store else { return }
        update { try store.reset(game) }
    }

    private func update(_ read: () throws -> LessonProgress) {
        do {
            let all = try read()
            solvedIds = Set(all.solved)
            progress = all.courses.first { $0.game == game }
            error = nil
        } catch {
            if let millsError = error as? MillsError, case .CorruptSave = millsError {
                self.error = String(localized: "lessons_progress_damaged")
            } else {
                self.error = String(localized: "lessons_progress_unavailable")
            }
        }
    }
}

/// The engine's lessons of a game (a free function: the model's `lessons` would hide it).
private func course(of game: GameId, locale: String) -> [LessonInfo] {
    lessons(game: game, locale: locale)
}
