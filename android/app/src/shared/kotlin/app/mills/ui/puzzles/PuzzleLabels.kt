package app.mills.ui.puzzles

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleInfo
import uniffi.mills_ffi.PuzzleKind

/** A grade's name ("Hard"); every grade's for `null` ("All"). */
fun gradeText(grade: PuzzleGrade?): UiText = text(
    when (grade) {
        null -> StringKey.PuzzlesGradeAll
        PuzzleGrade.EASY -> StringKey.PuzzleGradeEasy
        PuzzleGrade.MEDIUM -> StringKey.PuzzleGradeMedium
        PuzzleGrade.HARD -> StringKey.PuzzleGradeHard
        PuzzleGrade.EXPERT -> StringKey.PuzzleGradeExpert
        PuzzleGrade.MASTER -> StringKey.PuzzleGradeMaster
    },
)

/** The kind choice's label ("Tactics"); both kinds' for `null` ("All kinds"). */
fun kindChoiceText(kind: PuzzleKind?): UiText = text(
    when (kind) {
        null -> StringKey.PuzzlesKindAll
        PuzzleKind.ENDGAME -> StringKey.PuzzlesKindEndgames
        PuzzleKind.TACTIC -> StringKey.PuzzlesKindTactics
    },
)

/** One puzzle's kind ("Tactic"). */
fun kindText(kind: PuzzleKind): UiText = text(
    when (kind) {
        PuzzleKind.ENDGAME -> StringKey.PuzzleKindEndgame
        PuzzleKind.TACTIC -> StringKey.PuzzleKindTactic
    },
)

/** A puzzle in a list: "Win in 5" (an endgame), "Reach the goal in 3" (a tactic). */
fun itemText(puzzle: PuzzleInfo): UiText = when (puzzle.kind) {
    PuzzleKind.ENDGAME -> text(StringKey.PuzzlesItem, puzzle.turns.toInt())
    PuzzleKind.TACTIC -> text(StringKey.PuzzlesItemTactic, puzzle.turns.toInt())
}
