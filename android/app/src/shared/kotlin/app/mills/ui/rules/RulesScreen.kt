package app.mills.ui.rules

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
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
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.mills.data.RulesCatalog
import app.mills.strings.LocalStrings
import app.mills.strings.StringKey
import app.mills.strings.stringOf
import app.mills.ui.components.TopBar
import app.mills.ui.home.MiniBoard
import app.mills.ui.icons.MillsIcons
import uniffi.mills_ffi.GameId

/** The rules of one game, from the engine's rules text in the app's language; [onLessons] opens its course. */
@Composable
fun RulesScreen(game: GameId, onLessons: (() -> Unit)? = null, onBack: () -> Unit) {
    val rules = RulesCatalog.text(game, LocalStrings.current.rulesLocale)
    Surface(Modifier.fillMaxSize().testTag("rules-screen"), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            TopBar(rules.name, subtitle = stringOf(StringKey.RulesTitle), onBack = onBack)
            Box(Modifier.fillMaxSize(), contentAlignment = Alignment.TopCenter) {
                Column(
                    Modifier
                        .widthIn(max = 720.dp)
                        .fillMaxWidth()
                        .verticalScroll(rememberScrollState())
                        .padding(horizontal = 20.dp, vertical = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(14.dp),
                ) {
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        MiniBoard(game, size = 96.dp)
                        Spacer(Modifier.width(16.dp))
                        Column(Modifier.weight(1f)) {
                            Text(rules.tagline, style = MaterialTheme.typography.titleMedium, color = MaterialTheme.colorScheme.primary)
                            Spacer(Modifier.height(4.dp))
                            Text(rules.summary, style = MaterialTheme.typography.bodyMedium)
                        }
                    }
                    if (onLessons != null) {
                        Button(
                            onClick = onLessons,
                            modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("lessons-${game.name}"),
                        ) {
                            Icon(MillsIcons.School, contentDescription = null, modifier = Modifier.size(20.dp))
                            Spacer(Modifier.width(8.dp))
                            Text(stringOf(StringKey.RulesLessons))
                        }
                    }
                    Card(stringOf(StringKey.RulesKeyFacts)) {
                        rules.keyFacts.forEach { Bullet(it) }
                    }
                    Card(stringOf(StringKey.RulesQuickStart)) {
                        rules.quickStart.forEachIndexed { i, step -> Numbered(i + 1, step) }
                    }
                    Text(
                        stringOf(StringKey.RulesFull),
                        style = MaterialTheme.typography.headlineSmall,
                        modifier = Modifier.padding(top = 8.dp).semantics { heading() },
                    )
                    rules.sections.forEach { section ->
                        Text(
                            section.title,
                            style = MaterialTheme.typography.titleMedium,
                            color = MaterialTheme.colorScheme.primary,
                            modifier = Modifier.semantics { heading() },
                        )
                        section.paragraphs.forEach { paragraph ->
                            Text(paragraph, style = MaterialTheme.typography.bodyLarge)
                        }
                    }
                    Spacer(Modifier.height(24.dp))
                }
            }
        }
    }
}

@Composable
private fun Card(title: String, content: @Composable () -> Unit) {
    Surface(shape = RoundedCornerShape(20.dp), color = MaterialTheme.colorScheme.surfaceContainerLow, modifier = Modifier.fillMaxWidth()) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            Text(title, style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { heading() })
            content()
        }
    }
}

@Composable
private fun Bullet(text: String) {
    Row {
        Box(Modifier.padding(top = 8.dp, end = 10.dp).size(6.dp)) {
            Surface(shape = CircleShape, color = MaterialTheme.colorScheme.tertiary, modifier = Modifier.fillMaxSize()) {}
        }
        Text(text, style = MaterialTheme.typography.bodyMedium)
    }
}

@Composable
private fun Numbered(number: Int, text: String) {
    Row {
        Surface(shape = CircleShape, color = MaterialTheme.colorScheme.primary, modifier = Modifier.size(24.dp)) {
            Box(contentAlignment = Alignment.Center) {
                Text(number.toString(), style = MaterialTheme.typography.labelMedium, color = MaterialTheme.colorScheme.onPrimary)
            }
        }
        Spacer(Modifier.width(10.dp))
        Text(text, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.weight(1f))
    }
}
