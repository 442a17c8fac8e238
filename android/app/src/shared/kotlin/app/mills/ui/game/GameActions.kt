package app.mills.ui.game

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.alpha
import androidx.compose.ui.graphics.vector.ImageVector
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.icons.MillsIcons

/** Undo, redo, new game and resign: icon and label, each at least 48 dp tall. */
@Composable
fun GameActions(
    canUndo: Boolean,
    canRedo: Boolean,
    canResign: Boolean,
    onUndo: () -> Unit,
    onRedo: () -> Unit,
    onNewGame: () -> Unit,
    onResign: () -> Unit,
    modifier: Modifier = Modifier,
    hint: HintButtonState? = null,
) {
    Row(modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(6.dp)) {
        ActionButton(MillsIcons.Undo, stringOf(StringKey.ActionUndo), canUndo, onUndo, "undo")
        ActionButton(MillsIcons.Redo, stringOf(StringKey.ActionRedo), canRedo, onRedo, "redo")
        if (hint != null) {
            // while searching, the same button stops the search
            val label = stringOf(if (hint.busy) StringKey.ActionHintStop else StringKey.ActionHint)
            ActionButton(MillsIcons.Hint, label, hint.enabled || hint.busy, hint.onHint, "hint")
        }
        ActionButton(MillsIcons.Refresh, stringOf(StringKey.ActionNewGame), true, onNewGame, "new-game")
        ActionButton(MillsIcons.Flag, stringOf(StringKey.ActionResign), canResign, onResign, "resign")
    }
}

/** The Hint button: asks the engine for the best turn; [busy] while it searches. */
class HintButtonState(val enabled: Boolean, val busy: Boolean, val onHint: () -> Unit)

/** The Hint button on its own (phones: beside the move-list toggle, the action row being full). */
@Composable
fun HintButton(hint: HintButtonState, modifier: Modifier = Modifier) {
    TextButton(
        onClick = hint.onHint,
        enabled = hint.enabled || hint.busy,
        modifier = modifier.heightIn(min = 48.dp).testTag("hint"),
    ) {
        Icon(MillsIcons.Hint, contentDescription = null, modifier = Modifier.size(20.dp))
        Text(
            stringOf(if (hint.busy) StringKey.ActionHintStop else StringKey.ActionHint),
            modifier = Modifier.padding(start = 6.dp),
        )
    }
}

@Composable
internal fun RowScope.ActionButton(
    icon: ImageVector,
    label: String,
    enabled: Boolean,
    onClick: () -> Unit,
    tag: String,
) {
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = MaterialTheme.colorScheme.surfaceContainerHigh,
        modifier = Modifier
            .weight(1f)
            .heightIn(min = 56.dp)
            .testTag(tag),
    ) {
        Column(
            Modifier
                .clickable(enabled = enabled, role = Role.Button, onClickLabel = label, onClick = onClick)
                .alpha(if (enabled) 1f else 0.38f)
                .padding(vertical = 8.dp, horizontal = 4.dp),
            horizontalAlignment = Alignment.CenterHorizontally,
            verticalArrangement = Arrangement.Center,
        ) {
            Icon(icon, contentDescription = null, modifier = Modifier.size(22.dp), tint = MaterialTheme.colorScheme.primary)
            Text(label, style = MaterialTheme.typography.labelMedium, maxLines = 1, overflow = TextOverflow.Ellipsis)
        }
    }
}
