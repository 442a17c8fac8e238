import Foundation
import MillsCore

/// Where puzzles come from, all of it the engine's: the daily puzzle of a date (the same for
/// everyone, no network) and the free choice of a game's puzzles by kind and grade, easiest first.
enum PuzzleCatalog {
    /// The daily puzzle of the player's calendar date at `date` in `timeZone`. The date is
    /// the Gregorian one whatever calendar the phone shows (the Republic of China calendar
    /// in Taiwan, the Buddhist one in Thailand): the engine counts days in it.
    static func daily(on date: Date, timeZone: TimeZone = .current) throws -> PuzzleInfo {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        return try puzzleDaily(
            year: Int32(day.year ?? 1970),
            month: UInt32(day.month ?? 1),
            day: UInt32(day.day ?? 1),
            game: nil
        )
    }

    /// A game's puzzles of `grade` (every grade for nil) and `kind` (both for nil), easiest first.
    static func choice(_ game: GameId, grade: PuzzleGrade?, kind: PuzzleKind? = nil) -> [PuzzleInfo] {
        puzzleChoose(game: game, grade: grade, kind: kind)
    }

    /// How many puzzles a game has of each grade, of `kind` (both for nil), easiest first (0
    /// for a grade it lacks).
    static func gradeCounts(_ game: GameId, kind: PuzzleKind? = nil) -> [PuzzleGradeCount] {
        puzzleGradeCounts(game: game, kind: kind)
    }

    /// The grade a game's choice of `kind` opens on: `preferred` if there are puzzles of it,
    /// else the easiest; nil when the game has no puzzle of the kind.
    static func openingGrade(_ game: GameId, preferred: PuzzleGrade?, kind: PuzzleKind? = nil) -> PuzzleGrade? {
        puzzleOpeningGrade(game: game, preferred: preferred, kind: kind)
    }

    /// The puzzle after `puzzle` in `list`; nil after the last (or for one not in it).
    static func next(after puzzle: PuzzleInfo, in list: [PuzzleInfo]) -> PuzzleInfo? {
        guard let index = list.firstIndex(where: { $0.id == puzzle.id }), index + 1 < list.count else { return nil }
        return list[index + 1]
    }
}
