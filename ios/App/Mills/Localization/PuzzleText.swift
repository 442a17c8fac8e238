import Foundation
import MillsCore

/// The puzzles' words that are the app's (the goal and what a wrong turn allows are the
/// engine's, in the session's language).
enum PuzzleText {
    /// A puzzle in a list: "White · win in 5", a tactic's "White · reach the goal in 3" (the
    /// puzzle screen shows the engine's goal).
    static func summary(_ puzzle: PuzzleInfo) -> String {
        let colour = PlayerNames.colour(puzzle.player)
        let turns = Int(puzzle.turns)
        return switch puzzle.kind {
        case .endgame: String(localized: "puzzle_summary \(colour) \(turns)")
        case .tactic: String(localized: "puzzle_summary_tactic \(colour) \(turns)")
        }
    }

    /// A puzzle's kind: "Endgame", "Tactic".
    static func kind(_ kind: PuzzleKind) -> String {
        switch kind {
        case .endgame: String(localized: "puzzle_kind_endgame")
        case .tactic: String(localized: "puzzle_kind_tactic")
        }
    }

    /// The kind choice's label: "All kinds", "Endgames", "Tactics".
    static func kindChoice(_ choice: PuzzleKindChoice) -> String {
        switch choice {
        case .all: String(localized: "puzzles_kind_all")
        case .endgames: String(localized: "puzzles_kind_endgames")
        case .tactics: String(localized: "puzzles_kind_tactics")
        }
    }

    /// Why a choice is empty: "No Tactic puzzles for Zhi Qi yet: choose another kind."
    static func noneOfKind(_ kind: PuzzleKind, of game: GameId) -> String {
        String(localized: "puzzles_kind_none \(self.kind(kind)) \(GameCatalog.name(of: game))")
    }

    /// "Tactic · Hard": two parts of a puzzle's description, joined as the headings join them.
    static func joined(_ first: String, _ second: String) -> String {
        String(localized: "puzzle_heading \(first) \(second)")
    }

    /// After a right turn: "Right! 3 more turns to the win".
    static func right(turnsLeft: Int) -> String {
        String(localized: "puzzle_right_turns_left \(turnsLeft)")
    }

    /// "Solved!" ("Goal reached!" for a tactic), and what counts when the first attempt was
    /// helped or failed.
    static func solved(firstAttempt: PuzzleResult, kind: PuzzleKind) -> String {
        switch firstAttempt {
        case .solved where kind == .tactic: String(localized: "puzzle_goal_reached")
        case .solved: String(localized: "puzzle_solved")
        case .solvedWithHints: String(localized: "puzzle_solved_with_hints")
        case .failed: String(localized: "puzzle_solved_after_retry")
        }
    }

    /// A wrong turn's heading: "Not the winning turn", a tactic's "Not the turn that reaches the goal".
    static func wrong(kind: PuzzleKind) -> String {
        switch kind {
        case .endgame: String(localized: "puzzle_wrong")
        case .tactic: String(localized: "puzzle_wrong_tactic")
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
