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
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.focus.FocusRequester
import androidx.compose.ui.focus.focusRequester
import androidx.compose.ui.platform.LocalUriHandler
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp
import app.mills.data.UserSettings
import app.mills.data.serverAddressInfo
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import uniffi.mills_ffi.chooseServerAddress

/** What the server field shows before anything is typed: encrypted, as a bare host would be. */
internal const val SERVER_PLACEHOLDER = "wss://mills.example.org"

/**
 * Play a friend: the server's address (empty: the build's default server, or offline without
 * one; a `ws://` one is marked not encrypted), the name the opponent sees, and the server's
 * privacy policy. Opened from Home's "Set a server", the cursor goes to the server field.
 */
@Composable
internal fun OnlineSettingsSection(settings: UserSettings, viewModel: SettingsViewModel) {
    val defaultServer = viewModel.defaultServer
    val server = remember(settings.serverAddress, defaultServer) {
        serverAddressInfo(chooseServerAddress(settings.serverAddress, defaultServer).orEmpty())
    }
    val notEncrypted = server?.encrypted == false
    val serverField = remember { FocusRequester() }
    val fieldRequested by viewModel.serverFieldRequested.collectAsState()
    LaunchedEffect(fieldRequested) {
        if (fieldRequested) {
            // a focused text field scrolls itself into view
            serverField.requestFocus()
            viewModel.serverFieldShown()
        }
    }
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
                placeholder = { Text(defaultServer.trim().ifEmpty { SERVER_PLACEHOLDER }) },
                supportingText = {
                    Text(
                        if (defaultServer.isBlank()) {
                            stringOf(StringKey.SettingsServerNote)
                        } else {
                            stringOf(StringKey.SettingsServerDefaultNote, defaultServer.trim())
                        },
                    )
                },
                isError = notEncrypted,
                singleLine = true,
                keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Uri),
                modifier = Modifier.fillMaxWidth().focusRequester(serverField).testTag("server-address"),
            )
            if (notEncrypted) {
                // Said as it appears, so TalkBack reads it while the player types.
                Text(
                    stringOf(StringKey.SettingsServerNotEncrypted),
                    style = MaterialTheme.typography.bodyMedium,
                    color = MaterialTheme.colorScheme.error,
                    modifier = Modifier.testTag("server-not-encrypted")
                        .semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
            OutlinedTextField(
                value = settings.playerName,
                onValueChange = viewModel::setPlayerName,
                label = { Text(stringOf(StringKey.SettingsPlayerName)) },
                supportingText = { Text(stringOf(StringKey.SettingsPlayerNameNote)) },
                singleLine = true,
                modifier = Modifier.fillMaxWidth().testTag("player-name"),
            )
            PrivacyLine(server?.privacyUrl)
        }
    }
}

/** No server: nothing leaves the phone. A server: a link to its privacy policy (its `/privacy`). */
@Composable
private fun PrivacyLine(privacyUrl: String?) {
    if (privacyUrl == null) {
        Text(
            stringOf(StringKey.SettingsPrivacyOffline),
            style = MaterialTheme.typography.bodySmall,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            modifier = Modifier.testTag("privacy-offline"),
        )
        return
    }
    val uriHandler = LocalUriHandler.current
    val label = stringOf(StringKey.SettingsPrivacyPolicy)
    TextButton(
        onClick = { uriHandler.openUri(privacyUrl) },
        modifier = Modifier.testTag("privacy-policy"),
    ) {
        Text(label)
    }
}
