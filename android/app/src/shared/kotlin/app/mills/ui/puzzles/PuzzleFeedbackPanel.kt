package app.mills.ui.puzzles

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.PuzzleResult

/**
 * What the puzzle said about the last turn (right, the engine's explanation of a wrong turn,
 * solved, a refusal), else what to do now and what just happened. A polite live region:
 * screen readers announce every verdict.
 */
@Composable
internal fun PuzzleFeedbackPanel(state: PuzzleUiState) {
    val feedback = state.feedback
    val words = ResultWords.of(state.puzzle.kind)
    val (title, body, colours) = when (feedback) {
        is PuzzleFeedback.Right -> Triple(stringOf(StringKey.PuzzleRight), null, Tone.Good)
        is PuzzleFeedback.Wrong -> Triple(stringOf(words.wrong), feedback.explanation, Tone.Bad)
        is PuzzleFeedback.Refused -> Triple(null, feedback.reason.resolve(), Tone.Bad)
        is PuzzleFeedback.Solved -> Triple(stringOf(words.solved), solvedNote(feedback.result), Tone.Good)
        null -> Triple(null, null, Tone.None)
    }
    val prompt = state.prompt?.resolve()
    val announcement = state.announcement?.resolve()
    val hint = if (state.hintShown) stringOf(words.hintShown) else null
    val saveProblem = if (state.notSaved) stringOf(StringKey.PuzzleNotSaved) else null
    val spoken = listOfNotNull(title, body, hint, announcement, prompt, saveProblem).joinToString(". ")
    Column(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 48.dp)
            .semantics(mergeDescendants = true) {
                liveRegion = LiveRegionMode.Polite
                contentDescription = spoken
            }
            .testTag("puzzle-feedback"),
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(6.dp),
    ) {
        if (title != null || body != null) {
            val (background, foreground) = colours.pick()
            Surface(color = background, contentColor = foreground, shape = RoundedCornerShape(12.dp), modifier = Modifier.fillMaxWidth()) {
                Column(Modifier.padding(horizontal = 12.dp, vertical = 8.dp)) {
                    title?.let {
                        Text(it, style = MaterialTheme.typography.titleSmall, fontWeight = FontWeight.SemiBold, modifier = Modifier.testTag("verdict"))
                    }
                    body?.let {
                        Text(it, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("explanation"))
                    }
                }
            }
        }
        if (prompt != null && feedback !is PuzzleFeedback.Refused) {
            Text(prompt, style = MaterialTheme.typography.titleMedium, textAlign = TextAlign.Center, modifier = Modifier.testTag("puzzle-prompt"))
        }
        if (announcement != null && feedback !is PuzzleFeedback.Wrong) {
            Text(
                announcement,
                style = MaterialTheme.typography.bodyMedium,
                color = MaterialTheme.colorScheme.onSurfaceVariant,
                textAlign = TextAlign.Center,
                maxLines = 2,
                modifier = Modifier.testTag("puzzle-announcement"),
            )
        }
        hint?.let {
            Text(it, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.tertiary, modifier = Modifier.testTag("hint-text"))
        }
        saveProblem?.let {
            Text(it, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("puzzle-not-saved"))
        }
    }
}

/** What a solved puzzle counts as: with hints, or after a wrong first try. */
@Composable
private fun solvedNote(result: PuzzleResult): String? = when (result) {
    PuzzleResult.Solved -> null
    is PuzzleResult.SolvedWithHints -> stringOf(StringKey.PuzzleSolvedWithHints)
    PuzzleResult.Failed -> stringOf(StringKey.PuzzleSolvedAfterRetry)
}

/** How a kind's results are worded: an endgame is won ("Solved!"), a tactic's goal reached ("Goal reached!"). */
private enum class ResultWords(val solved: StringKey, val wrong: StringKey, val hintShown: StringKey) {
    Endgame(StringKey.PuzzleSolved, StringKey.PuzzleWrong, StringKey.PuzzleHintShown),
    Tactic(StringKey.PuzzleGoalReached, StringKey.PuzzleWrongTactic, StringKey.PuzzleHintShownTactic),
    ;

    companion object {
        fun of(kind: PuzzleKind): ResultWords = when (kind) {
            PuzzleKind.ENDGAME -> Endgame
            PuzzleKind.TACTIC -> Tactic
        }
    }
}

private enum class Tone {
    None, Bad, Good;

    @Composable
    fun pick(): Pair<Color, Color> = with(MaterialTheme.colorScheme) {
        when (this@Tone) {
            Bad -> errorContainer to onErrorContainer
            Good -> tertiaryContainer to onTertiaryContainer
            None -> surface to onSurface
        }
    }
}
