package app.mills.ui.home

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.data.RulesCatalog
import app.mills.data.SavedGame
import app.mills.game.GameUiMapper
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.resolve
import app.mills.strings.stringOf
import app.mills.ui.components.BarIcon
import app.mills.ui.icons.MillsIcons
import app.mills.ui.lessons.LessonOfferDialog
import app.mills.ui.records.ImportRecordCard
import uniffi.mills_ffi.GameId

@Composable
fun HomeRoute(
    viewModel: HomeViewModel,
    onOpenGame: () -> Unit,
    onSettings: () -> Unit,
    onRules: (GameId) -> Unit,
    onLearn: (GameId) -> Unit = {},
    onImportRecord: (() -> Unit)? = null,
    onOpenRecordFile: (() -> Unit)? = null,
    onPuzzles: (() -> Unit)? = null,
    onPlayFriend: (() -> Unit)? = null,
    onReturnOnline: () -> Unit = {},
    /** Settings, with the cursor in the server field (no server yet). */
    onSetServer: () -> Unit = onSettings,
    /** The online game kept open waits for this device's turn. */
    onlineYourTurn: Boolean = false,
) {
    val state by viewModel.uiState.collectAsState()
    // the game the player asked to start while its lessons are offered (the first time only)
    var offered by remember { mutableStateOf<Pair<GameId, Boolean>?>(null) }
    val start = { game: GameId, vsComputer: Boolean ->
        viewModel.startGame(game, vsComputer)
        onOpenGame()
    }
    Box {
        HomeScreen(
            state = state.copy(onlineReturn = state.onlineReturn?.copy(yourTurn = onlineYourTurn)),
            onContinue = { if (viewModel.continueGame()) onOpenGame() else viewModel.refresh() },
            onStart = { game, vsComputer ->
                if (viewModel.shouldOfferLessons(game)) offered = game to vsComputer else start(game, vsComputer)
            },
            onSettings = onSettings,
            onRules = onRules,
            onImportRecord = onImportRecord,
            onOpenRecordFile = onOpenRecordFile,
            onPuzzles = onPuzzles,
            onPlayFriend = onPlayFriend,
            onReturnOnline = onReturnOnline,
            onForgetOnline = { viewModel.forgetOnlineGame() },
            onSetServer = onSetServer,
        )
        LessonOfferDialog(
            game = offered?.first,
            onStart = { game ->
                viewModel.lessonsOffered(game)
                offered = null
                onLearn(game)
            },
            onNotNow = { game ->
                viewModel.lessonsOffered(game)
                val vsComputer = offered?.second ?: true
                offered = null
                start(game, vsComputer)
            },
            onDismiss = { offered = null },
        )
    }
}

/** The three games, the game to continue, how to start a new one, and the puzzles. */
@Composable
fun HomeScreen(
    state: HomeUiState,
    onContinue: () -> Unit,
    onStart: (GameId, Boolean) -> Unit,
    onSettings: () -> Unit,
    onRules: (GameId) -> Unit,
    onImportRecord: (() -> Unit)? = null,
    onOpenRecordFile: (() -> Unit)? = null,
    onPuzzles: (() -> Unit)? = null,
    onPlayFriend: (() -> Unit)? = null,
    onReturnOnline: () -> Unit = {},
    onForgetOnline: () -> Unit = {},
    onSetServer: () -> Unit = onSettings,
) {
    Surface(Modifier.fillMaxSize().testTag("home-screen"), color = MaterialTheme.colorScheme.background) {
        BoxWithConstraints(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
            val columns = if (maxWidth >= 900.dp) 3 else 1
            Column(
                Modifier
                    .widthIn(max = if (columns == 3) 1200.dp else 640.dp)
                    .fillMaxWidth()
                    .verticalScroll(rememberScrollState())
                    .padding(horizontal = 20.dp, vertical = 12.dp),
                verticalArrangement = Arrangement.spacedBy(16.dp),
            ) {
                Row(verticalAlignment = Alignment.CenterVertically) {
                    Column(Modifier.weight(1f)) {
                        Text(
                            stringOf(StringKey.HomeTitle),
                            style = MaterialTheme.typography.displaySmall,
                            color = MaterialTheme.colorScheme.primary,
                            modifier = Modifier.semantics { heading() },
                        )
                        Text(
                            stringOf(StringKey.HomeSubtitle),
                            style = MaterialTheme.typography.titleMedium,
                            color = MaterialTheme.colorScheme.onSurfaceVariant,
                        )
                    }
                    BarIcon(MillsIcons.Settings, stringOf(StringKey.ActionSettings), onSettings, Modifier.testTag("settings"))
                }
                state.saved?.let { ContinueCard(it, onContinue) }
                if (columns == 3) {
                    Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
                        state.games.forEach { game ->
                            GameCard(game, state.records[game], onStart, onRules, Modifier.weight(1f))
                        }
                    }
                } else {
                    state.games.forEach { game -> GameCard(game, state.records[game], onStart, onRules) }
                }
                onPlayFriend?.let {
                    PlayFriendCard(it, state.onlineReturn, onReturnOnline, onForgetOnline, onSetServer.takeIf { state.needsServer })
                }
                onPuzzles?.let { PuzzlesCard(it) }
                // a game record from the clipboard or a text file
                onImportRecord?.let { ImportRecordCard(onPaste = it, onOpenFile = onOpenRecordFile) }
            }
        }
    }
}

@Composable
private fun ContinueCard(saved: SavedGame, onContinue: () -> Unit) {
    val detail = UiText.Res(StringKey.HomeContinueDetail, listOf(UiText.GameName(saved.game), saved.turns + 1)).resolve()
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.primary,
        contentColor = MaterialTheme.colorScheme.onPrimary,
        modifier = Modifier
            .fillMaxWidth()
            .testTag("continue"),
    ) {
        Row(
            Modifier
                .clickable(role = Role.Button, onClick = onContinue)
                .padding(horizontal = 20.dp, vertical = 16.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            MiniBoard(saved.game, size = 56.dp)
            Spacer(Modifier.width(16.dp))
            Column(Modifier.weight(1f)) {
                Text(stringOf(StringKey.HomeContinue), style = MaterialTheme.typography.titleLarge)
                Text(detail, style = MaterialTheme.typography.bodyMedium)
                Text(GameUiMapper.modeLabel(saved.mode).resolve(), style = MaterialTheme.typography.bodySmall)
            }
            Surface(shape = CircleShape, color = MaterialTheme.colorScheme.onPrimary, modifier = Modifier.size(48.dp)) {
                Icon(
                    MillsIcons.Play,
                    contentDescription = null,
                    tint = MaterialTheme.colorScheme.primary,
                    modifier = Modifier.padding(12.dp),
                )
            }
        }
    }
}

@Composable
private fun GameCard(
    game: GameId,
    record: Record?,
    onStart: (GameId, Boolean) -> Unit,
    onRules: (GameId) -> Unit,
    modifier: Modifier = Modifier,
) {
    val text = RulesCatalog.text(game, LocalStrings.current.rulesLocale)
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        tonalElevation = 1.dp,
        shadowElevation = 2.dp,
        modifier = modifier
            .fillMaxWidth()
            .testTag("game-${game.name}"),
    ) {
        Column(Modifier.padding(20.dp)) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                MiniBoard(game, size = 72.dp)
                Spacer(Modifier.width(16.dp))
                Column(Modifier.weight(1f)) {
                    Text(text.name, style = MaterialTheme.typography.titleLarge, modifier = Modifier.semantics { heading() })
                    Text(
                        stringOf(StringKey.HomePiecesEach, RulesCatalog.piecesEach(game)),
                        style = MaterialTheme.typography.labelLarge,
                        color = MaterialTheme.colorScheme.tertiary,
                    )
                    Spacer(Modifier.height(4.dp))
                    Text(text.tagline, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant)
                }
                BarIcon(
                    MillsIcons.Help,
                    stringOf(StringKey.ActionRules),
                    { onRules(game) },
                    Modifier.align(Alignment.Top).testTag("rules-${game.name}"),
                )
            }
            if (record != null) {
                Spacer(Modifier.height(8.dp))
                Text(
                    stringOf(StringKey.HomeRecord, record.wins, record.losses, record.draws),
                    style = MaterialTheme.typography.bodySmall,
                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                )
                if (record.hintsUsed > 0) {
                    Text(
                        stringOf(StringKey.HomeRecordHints, record.hintsUsed, record.winsWithHints),
                        style = MaterialTheme.typography.bodySmall,
                        color = MaterialTheme.colorScheme.onSurfaceVariant,
                        modifier = Modifier.testTag("record-hints-${game.name}"),
                    )
                }
            }
            Spacer(Modifier.height(16.dp))
            Row(horizontalArrangement = Arrangement.spacedBy(10.dp)) {
                val padding = PaddingValues(horizontal = 12.dp)
                Button(
                    onClick = { onStart(game, true) },
                    contentPadding = padding,
                    modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("play-computer-${game.name}"),
                ) {
                    Text(stringOf(StringKey.HomeVsComputer), maxLines = 1)
                }
                OutlinedButton(
                    onClick = { onStart(game, false) },
                    contentPadding = padding,
                    modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("play-friend-${game.name}"),
                ) {
                    Text(stringOf(StringKey.HomePassAndPlay), maxLines = 1)
                }
            }
        }
    }
}
