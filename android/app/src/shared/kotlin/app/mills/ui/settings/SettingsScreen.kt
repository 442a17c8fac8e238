package app.mills.ui.settings

import androidx.compose.foundation.BorderStroke
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.SegmentedButton
import androidx.compose.material3.SegmentedButtonDefaults
import androidx.compose.material3.SingleChoiceSegmentedButtonRow
import androidx.compose.material3.Slider
import androidx.compose.material3.Surface
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.unit.dp
import app.mills.data.BoardStyle
import app.mills.data.ThemeMode
import app.mills.data.UserSettings
import app.mills.data.EngineChoices
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.components.TopBar
import app.mills.ui.home.MiniBoard
import app.mills.ui.theme.BoardColors
import app.mills.ui.theme.LocalBoardColors
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.Player
import uniffi.mills_ffi.TurnTimer

@Composable
fun SettingsRoute(viewModel: SettingsViewModel, onBack: () -> Unit) {
    val settings by viewModel.uiState.collectAsState()
    SettingsScreen(settings, viewModel, onBack)
}

/** Every setting, applied and saved as soon as it changes. */
@Composable
fun SettingsScreen(settings: UserSettings, viewModel: SettingsViewModel, onBack: () -> Unit) {
    Surface(Modifier.fillMaxSize().testTag("settings-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(stringOf(StringKey.SettingsTitle), onBack = onBack)
            Box(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
                Column(
                    Modifier
                        .widthIn(max = 640.dp)
                        .fillMaxWidth()
                        .verticalScroll(rememberScrollState())
                        .padding(horizontal = 16.dp, vertical = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(16.dp),
                ) {
                    Section(stringOf(StringKey.SettingsSectionComputer)) {
                        val levelName = stringOf(StringKey.level(settings.level))
                        Row(verticalAlignment = Alignment.CenterVertically) {
                            Text(
                                stringOf(StringKey.SettingsDifficulty),
                                style = MaterialTheme.typography.bodyLarge,
                                modifier = Modifier.weight(1f),
                            )
                            Text(
                                stringOf(StringKey.SettingsLevelValue, settings.level, levelName),
                                style = MaterialTheme.typography.titleMedium,
                                color = MaterialTheme.colorScheme.primary,
                                modifier = Modifier.testTag("level-value"),
                            )
                        }
                        Slider(
                            value = settings.level.toFloat(),
                            onValueChange = { viewModel.setLevel(it.toInt()) },
                            valueRange = EngineChoices.levelRange.first.toFloat()..EngineChoices.levelRange.last.toFloat(),
                            steps = EngineChoices.levels.size - 2,
                            modifier = Modifier
                                .testTag("level")
                                .semantics { stateDescription = levelName },
                        )
                        Spacer(Modifier.height(4.dp))
                        Text(stringOf(StringKey.SettingsYourSide), style = MaterialTheme.typography.bodyLarge)
                        Choice(
                            options = listOf(Player.P1, Player.P2),
                            selected = settings.humanSide,
                            label = { stringOf(if (it == Player.P1) StringKey.SettingsSideFirst else StringKey.SettingsSideSecond) },
                            onSelect = viewModel::setHumanSide,
                            tag = "side",
                        )
                        Note(stringOf(StringKey.SettingsSideNote))
                        EndgameTablesLine(viewModel.tablesState.collectAsState().value)
                    }
                    Section(stringOf(StringKey.SettingsSectionTimer)) {
                        Choice(
                            options = EngineChoices.timerOptions,
                            selected = settings.timer,
                            label = { timerLabel(it) },
                            onSelect = viewModel::setTimer,
                            tag = "timer",
                            compact = true,
                        )
                        Note(stringOf(StringKey.SettingsTimerNote))
                    }
                    Section(stringOf(StringKey.SettingsSectionFeedback)) {
                        Toggle(stringOf(StringKey.SettingsSound), settings.sound, viewModel::setSound, "sound")
                        Toggle(stringOf(StringKey.SettingsHaptics), settings.haptics, viewModel::setHaptics, "haptics")
                    }
                    Section(stringOf(StringKey.SettingsSectionLook)) {
                        Text(stringOf(StringKey.SettingsTheme), style = MaterialTheme.typography.bodyLarge)
                        Choice(
                            options = ThemeMode.entries,
                            selected = settings.theme,
                            label = {
                                stringOf(
                                    when (it) {
                                        ThemeMode.System -> StringKey.ThemeSystem
                                        ThemeMode.Light -> StringKey.ThemeLight
                                        ThemeMode.Dark -> StringKey.ThemeDark
                                    },
                                )
                            },
                            onSelect = viewModel::setTheme,
                            tag = "theme",
                        )
                        Spacer(Modifier.height(4.dp))
                        Text(stringOf(StringKey.SettingsBoardStyle), style = MaterialTheme.typography.bodyLarge)
                        Row(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                            BoardStyle.entries.forEach { style ->
                                BoardSwatch(style, style == settings.boardStyle, { viewModel.setBoardStyle(style) }, Modifier.weight(1f))
                            }
                        }
                    }
                    Section(stringOf(StringKey.SettingsSectionPassAndPlay)) {
                        Toggle(
                            stringOf(StringKey.SettingsFaceToFace),
                            settings.faceToFace,
                            viewModel::setFaceToFace,
                            "face-to-face",
                            summary = stringOf(StringKey.SettingsFaceToFaceSummary),
                        )
                    }
                    // the evaluation bar above the board, off by default
                    Section(stringOf(StringKey.SettingsSectionAnalysis)) {
                        Toggle(
                            stringOf(StringKey.SettingsEvaluationBar),
                            settings.evaluationBar,
                            viewModel::setEvaluationBar,
                            "evaluation-bar",
                            summary = stringOf(StringKey.SettingsEvaluationBarSummary),
                        )
                    }
                    OnlineSettingsSection(settings, viewModel)
                    Spacer(Modifier.height(16.dp))
                }
            }
        }
    }
}

@Composable
private fun timerLabel(timer: TurnTimer): String = when (timer) {
    TurnTimer.OFF -> stringOf(StringKey.TimerOff)
    else -> stringOf(StringKey.TimerSeconds, EngineChoices.seconds(timer))
}

@Composable
private fun Section(title: String, content: @Composable ColumnScope.() -> Unit) {
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(20.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            Text(
                title,
                style = MaterialTheme.typography.titleMedium,
                color = MaterialTheme.colorScheme.primary,
                modifier = Modifier.semantics { heading() },
            )
            content()
        }
    }
}

@Composable
private fun Note(text: String) {
    Text(text, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
}

@Composable
private fun <T> Choice(
    options: List<T>,
    selected: T,
    label: @Composable (T) -> String,
    onSelect: (T) -> Unit,
    tag: String,
    compact: Boolean = false,
) {
    SingleChoiceSegmentedButtonRow(Modifier.fillMaxWidth()) {
        options.forEachIndexed { index, option ->
            SegmentedButton(
                selected = option == selected,
                onClick = { onSelect(option) },
                shape = SegmentedButtonDefaults.itemShape(index, options.size),
                modifier = Modifier.heightIn(min = 48.dp).testTag("$tag-$index"),
                icon = {},
            ) {
                Text(
                    label(option),
                    maxLines = 1,
                    softWrap = false,
                    style = if (compact) MaterialTheme.typography.labelMedium else MaterialTheme.typography.labelLarge,
                )
            }
        }
    }
}

@Composable
private fun Toggle(title: String, checked: Boolean, onChange: (Boolean) -> Unit, tag: String, summary: String? = null) {
    Row(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 48.dp)
            .toggleable(value = checked, role = Role.Switch, onValueChange = onChange)
            .testTag(tag),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Column(Modifier.weight(1f)) {
            Text(title, style = MaterialTheme.typography.bodyLarge)
            if (summary != null) Note(summary)
        }
        Switch(checked = checked, onCheckedChange = null)
    }
}

@Composable
private fun BoardSwatch(style: BoardStyle, selected: Boolean, onSelect: () -> Unit, modifier: Modifier = Modifier) {
    val name = stringOf(
        when (style) {
            BoardStyle.Wood -> StringKey.BoardWood
            BoardStyle.Slate -> StringKey.BoardSlate
            BoardStyle.Jade -> StringKey.BoardJade
        },
    )
    Surface(
        shape = RoundedCornerShape(16.dp),
        color = if (selected) MaterialTheme.colorScheme.primaryContainer else MaterialTheme.colorScheme.surfaceContainerHigh,
        border = if (selected) BorderStroke(2.dp, MaterialTheme.colorScheme.primary) else null,
        modifier = modifier
            .selectable(selected = selected, role = Role.RadioButton, onClick = onSelect)
            .semantics { contentDescription = name }
            .testTag("board-style-${style.name}"),
    ) {
        Column(Modifier.padding(10.dp), horizontalAlignment = Alignment.CenterHorizontally) {
            CompositionLocalProvider(LocalBoardColors provides BoardColors.of(style)) {
                MiniBoard(GameId.TWELVE_MENS_MORRIS, size = 72.dp)
            }
            Spacer(Modifier.height(6.dp))
            Text(name, style = MaterialTheme.typography.labelLarge)
        }
    }
}
