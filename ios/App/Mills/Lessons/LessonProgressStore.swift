import Foundation
import MillsCore

/// The file of solved lessons, `Application Support/Mills/lessons.json` beside the saves.
/// The engine reads and writes it (atomically); a damaged file is refused, never replaced.
struct LessonProgressStore: Sendable {
    let path: String

    /// The app's file; nil when Application Support cannot be reached (lessons still play,
    /// nothing is kept).
    static let standard: LessonProgressStore? = try? SaveLocations.standard().lessonProgress

    func load() throws -> LessonProgress {
        try lessonProgressLoad(path: path)
    }

    func markSolved(_ lessonId: String) throws -> LessonProgress {
        try lessonProgressMarkSolved(path: path, lessonId: lessonId)
    }

    /// One game's progress ("3 of 7"); nil when the file cannot be read.
    func course(_ game: GameId) -> CourseProgress? {
        (try? load())?.courses.first { $0.game == game }
    }

    /// Forgets one game's progress ("start the course again").
    func reset(_ game: GameId) throws -> LessonProgress {
        try lessonProgressReset(path: path, game: game)
    }
}

extension SaveLocations {
    /// The lesson progress, in the folder of the autosave.
    var lessonProgress: LessonProgressStore {
        let url = autosave.deletingLastPathComponent().appending(path: "lessons.json")
        return LessonProgressStore(path: url.path(percentEncoded: false))
    }
}
