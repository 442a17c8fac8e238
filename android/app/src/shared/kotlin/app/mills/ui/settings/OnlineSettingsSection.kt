package app.mills.ui.settings

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp
import app.mills.data.UserSettings
import app.mills.strings.StringKey
import app.mills.strings.stringOf

/** Play a friend: the server's address (empty: the app stays offline) and the name the opponent sees. */
@Composable
internal fun OnlineSettingsSection(settings: UserSettings, viewModel: SettingsViewModel) {
    Surface(
        shape = RoundedCornerShape(24.dp),
        color = MaterialTheme.colorScheme.surfaceContainerLow,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Column(Modifier.padding(20.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            Text(
                stringOf(StringKey.SettingsSectionOnline),
                style = MaterialTheme.typography.titleMedium,
                color = MaterialTheme.colorScheme.primary,
                modifier = Modifier.semantics { heading() },
            )
            OutlinedTextField(
                value = settings.serverAddress,
                onValueChange = viewModel::setServerAddress,
                label = { Text(stringOf(StringKey.SettingsServer)) },
                supportingText = { Text(stringOf(StringKey.SettingsServerNote)) },
                singleLine = true,
                keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Uri),
                modifier = Modifier.fillMaxWidth().testTag("server-address"),
            )
            OutlinedTextField(
                value = settings.playerName,
                onValueChange = viewModel::setPlayerName,
                label = { Text(stringOf(StringKey.SettingsPlayerName)) },
                supportingText = { Text(stringOf(StringKey.SettingsPlayerNameNote)) },
                singleLine = true,
                modifier = Modifier.fillMaxWidth().testTag("player-name"),
            )
        }
    }
}
