package app.mills.ui.game

import androidx.compose.animation.core.animateFloatAsState
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.ProgressBarRangeInfo
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.progressBarRangeInfo
import androidx.compose.ui.unit.dp
import app.mills.game.EvaluationUi
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.theme.LocalBoardColors

/**
 * The evaluation bar (a setting): White's share of the bar from the engine's score, and the
 * engine's verdict in words ("White is better", "Black wins in 7 turns"). Before the first
 * evaluation it shows an even bar without words.
 */
@Composable
fun EvaluationBar(evaluation: EvaluationUi?, modifier: Modifier = Modifier) {
    val colors = LocalBoardColors.current
    val share by animateFloatAsState(evaluation?.bar ?: 0.5f, label = "evaluation")
    val words = evaluation?.words?.resolve().orEmpty()
    val spoken = if (evaluation != null) stringOf(StringKey.EvalDescription, words) else ""
    Row(
        modifier
            .fillMaxWidth()
            .heightIn(min = 24.dp)
            .testTag("evaluation")
            .clearAndSetSemantics {
                contentDescription = spoken
                liveRegion = LiveRegionMode.Polite
                progressBarRangeInfo = ProgressBarRangeInfo(evaluation?.bar ?: 0.5f, 0f..1f)
            },
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(10.dp),
    ) {
        val outline = MaterialTheme.colorScheme.outline
        Canvas(Modifier.weight(1f).height(12.dp)) {
            val corner = CornerRadius(size.height / 2)
            drawRoundRect(colors.blackPiece, cornerRadius = corner)
            drawRoundRect(colors.whitePiece, size = Size(size.width * share, size.height), cornerRadius = corner)
            drawLine(outline, center.copy(y = 0f), center.copy(y = size.height), strokeWidth = 1.dp.toPx())
            drawRoundRect(outline, cornerRadius = corner, style = androidx.compose.ui.graphics.drawscope.Stroke(1.dp.toPx()))
        }
        Text(words, style = MaterialTheme.typography.labelLarge, maxLines = 1)
    }
}
