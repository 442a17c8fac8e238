package app.mills.ui.puzzles

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.PuzzleGrade

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
