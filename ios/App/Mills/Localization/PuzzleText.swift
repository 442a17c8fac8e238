import Foundation
import MillsCore

/// The puzzles' words that are the app's (the goal and what a wrong turn allows are the
/// engine's, in the session's language).
enum PuzzleText {
    /// A puzzle in a list: "White · win in 5" (the puzzle screen shows the engine's goal).
    static func summary(_ puzzle: PuzzleInfo) -> String {
        String(localized: "puzzle_summary \(PlayerNames.colour(puzzle.player)) \(Int(puzzle.turns))")
    }

    /// After a right turn: "Right! 3 more turns to the win".
    static func right(turnsLeft: Int) -> String {
        String(localized: "puzzle_right_turns_left \(turnsLeft)")
    }

    /// "Solved!", and what counts when the first attempt was helped or failed.
    static func solved(firstAttempt: PuzzleResult) -> String {
        switch firstAttempt {
        case .solved: String(localized: "puzzle_solved")
        case .solvedWithHints: String(localized: "puzzle_solved_with_hints")
        case .failed: String(localized: "puzzle_solved_after_retry")
        }
    }

    /// A grade's name: "Easy" ... "Master".
    static func grade(_ grade: PuzzleGrade) -> String {
        switch grade {
        case .easy: String(localized: "puzzle_grade_easy")
        case .medium: String(localized: "puzzle_grade_medium")
        case .hard: String(localized: "puzzle_grade_hard")
        case .expert: String(localized: "puzzle_grade_expert")
        case .master: String(localized: "puzzle_grade_master")
        }
    }

    /// Why a grade is not offered: "No Easy puzzles for Zhi Qi: its easiest puzzles are Medium".
    static func missingGrade(_ missing: PuzzleGrade, of game: GameId, easiest: PuzzleGrade) -> String {
        String(localized: "puzzle_grade_missing \(grade(missing)) \(GameCatalog.name(of: game)) \(grade(easiest))")
    }

    /// "1520 ± 85": the rating and its deviation, rounded.
    static func rating(_ rating: Double, deviation: Double) -> String {
        String(localized: "puzzle_rating_value \(Int(rating.rounded())) \(Int(deviation.rounded()))")
    }
}

extension TablesState {
    /// Why a puzzle may not open yet, and how far the tables are: the engine proves and
    /// defends puzzles with its endgame tables, which are prepared at the first launch.
    var puzzlesProgressLine: String? {
        switch self {
        case .ready: nil
        case .notPrepared: String(localized: "puzzles_tables_preparing")
        case .preparing: localizedLine
        case .cancelled, .failed: String(localized: "puzzles_tables_unavailable")
        }
    }
}
