package app.mills.ui.lessons

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

/**
 * What the lesson said about the last action (the engine's explanation of a wrong answer,
 * "not this time", a refusal, or the closing words), else what to do now and what just
 * happened. A polite live region: screen readers announce every verdict.
 */
@Composable
internal fun FeedbackPanel(state: LessonUiState) {
    val feedback = state.feedback
    val announcement = state.announcement?.resolve()
    val (title, body, colours) = when (feedback) {
        is LessonFeedback.Wrong -> Triple(stringOf(StringKey.LessonWrong), feedback.explanation, FeedbackColours.Error)
        // the engine's message says "Not this time" itself
        is LessonFeedback.NotThisTime -> Triple(null, feedback.message, FeedbackColours.Neutral)
        is LessonFeedback.Refused -> Triple(null, feedback.reason.resolve(), FeedbackColours.Error)
        is LessonFeedback.Solved -> Triple(stringOf(StringKey.LessonSolved), feedback.message, FeedbackColours.Success)
        null -> Triple(null, null, FeedbackColours.None)
    }
    val prompt = state.prompt?.resolve()
    val hint = state.hint?.let { stringOf(StringKey.LessonHintText, it) }
    val saveProblem = if (state.progressNotSaved) stringOf(StringKey.LessonsProgressNotSaved) else null
    val spoken = listOfNotNull(title, body, hint, announcement, prompt, saveProblem).joinToString(". ")
    Column(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 48.dp)
            .semantics(mergeDescendants = true) {
                liveRegion = LiveRegionMode.Polite
                contentDescription = spoken
            }
            .testTag("lesson-feedback"),
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(6.dp),
    ) {
        if (body != null) {
            val (background, foreground) = colours.pick()
            Surface(
                color = background,
                contentColor = foreground,
                shape = RoundedCornerShape(12.dp),
                modifier = Modifier.fillMaxWidth(),
            ) {
                Column(Modifier.padding(horizontal = 12.dp, vertical = 8.dp)) {
                    title?.let {
                        Text(
                            it,
                            style = MaterialTheme.typography.titleSmall,
                            fontWeight = FontWeight.SemiBold,
                            modifier = Modifier.testTag("verdict"),
                        )
                    }
                    Text(body, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("explanation"))
                }
            }
        } else if (prompt != null) {
            Text(
                prompt,
                style = MaterialTheme.typography.titleMedium,
                textAlign = TextAlign.Center,
                modifier = Modifier.testTag("lesson-prompt"),
            )
        }
        if (announcement != null && feedback !is LessonFeedback.Wrong && feedback !is LessonFeedback.Refused) {
            Text(
                announcement,
                style = MaterialTheme.typography.bodyMedium,
                color = MaterialTheme.colorScheme.onSurfaceVariant,
                textAlign = TextAlign.Center,
                maxLines = 2,
                modifier = Modifier.testTag("lesson-announcement"),
            )
        }
        hint?.let {
            Text(
                it,
                style = MaterialTheme.typography.bodyMedium,
                color = MaterialTheme.colorScheme.tertiary,
                modifier = Modifier.testTag("hint-text"),
            )
        }
        saveProblem?.let {
            Text(
                it,
                style = MaterialTheme.typography.bodySmall,
                color = MaterialTheme.colorScheme.error,
                modifier = Modifier.testTag("progress-error"),
            )
        }
    }
}

private enum class FeedbackColours {
    None, Error, Neutral, Success;

    @Composable
    fun pick(): Pair<Color, Color> = with(MaterialTheme.colorScheme) {
        when (this@FeedbackColours) {
            Error -> errorContainer to onErrorContainer
            Neutral -> secondaryContainer to onSecondaryContainer
            Success -> tertiaryContainer to onTertiaryContainer
            None -> surface to onSurface
        }
    }
}
