package app.mills.ui.game

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.mills.game.MoveListUi
import app.mills.game.MoveRowUi
import app.mills.strings.StringKey
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.PieceIcon
import app.mills.ui.icons.MillsIcons

/**
 * The move list: one row per turn in the engine's notation, numbered from 1, the current (or
 * reviewed) turn highlighted and kept in view. A tap on a row shows the board after that turn.
 */
@Composable
fun MoveList(moves: MoveListUi, onSelect: (Int) -> Unit, modifier: Modifier = Modifier) {
    val list = rememberLazyListState()
    val highlighted = moves.rows.indexOfFirst { it.highlighted }
    LaunchedEffect(highlighted, moves.rows.size) {
        if (highlighted >= 0) list.animateScrollToItem(highlighted)
    }
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = modifier.testTag("move-list"),
    ) {
        Column(Modifier.padding(vertical = 6.dp)) {
            Text(
                stringOf(StringKey.MovesTitle),
                style = MaterialTheme.typography.titleSmall,
                color = MaterialTheme.colorScheme.primary,
                modifier = Modifier.padding(horizontal = 12.dp, vertical = 4.dp).semantics { heading() },
            )
            if (moves.rows.isEmpty()) {
                Text(
                    stringOf(StringKey.MovesEmpty),
                    style = MaterialTheme.typography.bodyMedium,
                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                    modifier = Modifier.padding(horizontal = 12.dp, vertical = 8.dp),
                )
            }
            LazyColumn(state = list) {
                items(moves.rows, key = { it.index }) { row -> MoveRow(row, onSelect) }
            }
        }
    }
}

@Composable
private fun MoveRow(row: MoveRowUi, onSelect: (Int) -> Unit) {
    val description = row.description.resolve()
    val colour = if (row.highlighted) MaterialTheme.colorScheme.primaryContainer else MaterialTheme.colorScheme.surfaceContainerLow
    val showLabel = stringOf(StringKey.MovesShown)
    Row(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 48.dp)
            .padding(horizontal = 6.dp)
            .background(colour, RoundedCornerShape(10.dp))
            .testTag("move-${row.index}")
            .clickable(enabled = !row.pending, onClickLabel = showLabel) { onSelect(row.index) }
            .clearAndSetSemantics {
                contentDescription = description
                selected = row.highlighted
                if (!row.pending) {
                    role = Role.Button
                    onClick(label = showLabel) {
                        onSelect(row.index)
                        true
                    }
                }
            }
            .padding(horizontal = 8.dp),
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        Text(
            "${row.number}.",
            style = MaterialTheme.typography.labelLarge,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            modifier = Modifier.width(32.dp),
        )
        PieceIcon(row.player, size = 16.dp)
        Text(
            row.notation.resolve(),
            style = MaterialTheme.typography.bodyLarge.copy(fontFamily = FontFamily.Monospace),
            fontWeight = if (row.highlighted) FontWeight.SemiBold else FontWeight.Normal,
            modifier = Modifier.weight(1f),
        )
        row.note?.let {
            Text(it.resolve(), style = MaterialTheme.typography.labelSmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
        }
    }
}

/** Phones: the button that opens and closes the move-list panel. */
@Composable
fun MovesToggle(moves: MoveListUi, onToggle: () -> Unit, modifier: Modifier = Modifier) {
    val label = if (moves.open) stringOf(StringKey.ActionHideMoves) else stringOf(StringKey.ActionShowMoves, moves.turns)
    Box(modifier.fillMaxWidth(), contentAlignment = Alignment.Center) {
        TextButton(
            onClick = onToggle,
            modifier = Modifier
                .heightIn(min = 48.dp)
                .testTag("moves-toggle")
                .semantics { stateDescription = label },
        ) {
            Icon(MillsIcons.Moves, contentDescription = null, modifier = Modifier.padding(end = 6.dp))
            Text(label)
        }
    }
}
