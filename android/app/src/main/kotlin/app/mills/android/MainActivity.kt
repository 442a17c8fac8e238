package app.mills.android

import android.content.ActivityNotFoundException
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Color
import android.graphics.drawable.ColorDrawable
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.SystemBarStyle
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.result.contract.ActivityResultContracts
import androidx.activity.viewModels
import androidx.compose.runtime.remember
import androidx.compose.ui.graphics.toArgb
import androidx.lifecycle.DefaultLifecycleObserver
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ViewModel
import androidx.lifecycle.lifecycleScope
import androidx.lifecycle.viewmodel.initializer
import androidx.lifecycle.viewmodel.viewModelFactory
import app.mills.AppContainer
import app.mills.ui.AppViewModels
import app.mills.ui.AppVisibility
import app.mills.ui.MillsApp
import app.mills.ui.components.BackDispatcher
import app.mills.ui.game.GameViewModel
import app.mills.ui.puzzles.PuzzleHubViewModel
import app.mills.ui.puzzles.PuzzleViewModel
import app.mills.ui.home.HomeViewModel
import app.mills.ui.lessons.LessonListViewModel
import app.mills.ui.lessons.LessonViewModel
import app.mills.ui.navigation.AppViewModel
import app.mills.ui.online.OnlineGameViewModel
import app.mills.ui.online.PlayFriendViewModel
import app.mills.ui.openInvite
import app.mills.ui.openRecordFile
import app.mills.ui.settings.SettingsViewModel
import app.mills.ui.theme.appIsDark
import app.mills.ui.theme.windowBackground

/** The one activity: hosts the shared Compose UI and tells the game when the app is hidden. */
class MainActivity : ComponentActivity() {
    private val container: AppContainer get() = (application as MillsApplication).container

    private val appViewModel: AppViewModel by viewModels { factory { container.appViewModel() } }
    private val homeViewModel: HomeViewModel by viewModels { factory { container.homeViewModel() } }
    private val gameViewModel: GameViewModel by viewModels { factory { container.gameViewModel() } }
    private val settingsViewModel: SettingsViewModel by viewModels { factory { container.settingsViewModel() } }
    private val lessonListViewModel: LessonListViewModel by viewModels { factory { container.lessonListViewModel() } }
    private val lessonViewModel: LessonViewModel by viewModels { factory { container.lessonViewModel() } }
    private val puzzleHubViewModel: PuzzleHubViewModel by viewModels { factory { container.puzzleHubViewModel() } }
    private val puzzleViewModel: PuzzleViewModel by viewModels { factory { container.puzzleViewModel() } }
    private val onlineViewModel: OnlineGameViewModel by viewModels { factory { container.onlineGameViewModel() } }
    private val playFriendViewModel: PlayFriendViewModel by viewModels {
        val room = onlineViewModel
        factory { container.playFriendViewModel(room) }
    }

    private val recordReader: RecordReader by viewModels {
        // the app's view models, not this activity: the reader outlives a rotation
        val models = appViewModels
        factory { RecordReader(application) { text -> models.openRecordFile(text) } }
    }

    private lateinit var sound: SoundPoolPlayer
    private lateinit var appViewModels: AppViewModels

    // Home's "Open a text file": the system document picker, which needs no storage
    // permission; registered before the activity starts, as the Activity Result API requires.
    private val recordFilePicker = registerForActivityResult(ActivityResultContracts.OpenDocument()) { uri ->
        // no uri: the player cancelled, nothing to say
        uri?.let(recordReader::readPicked)
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        // the app's theme setting as it stands, before the first frame; MillsApp reports changes
        applyAppTheme(appIsDark(settingsViewModel.uiState.value.theme, isSystemNight()))
        sound = SoundPoolPlayer(this, lifecycleScope)
        val strings = ResourceStrings(this)
        appViewModels = AppViewModels(
            appViewModel, homeViewModel, gameViewModel, settingsViewModel, lessonListViewModel, lessonViewModel,
            puzzleHubViewModel, puzzleViewModel, onlineViewModel, playFriendViewModel,
        )
        // what runs only in front (the turn timer, an online room's connection) stops while the
        // app is hidden, but not for a rotation, a theme or a language change: AppVisibility
        val visibility = AppVisibility(appViewModels)
        lifecycle.addObserver(
            object : DefaultLifecycleObserver {
                override fun onStart(owner: LifecycleOwner) = visibility.started()

                override fun onStop(owner: LifecycleOwner) = visibility.stopped(isChangingConfigurations)
            },
        )
        // a game record shared to the app or opened with it (not again after a rotation or a
        // restore, whose intent is the one already read)
        if (savedInstanceState == null) openIncoming(intent)
        setContent {
            val backDispatcher = remember { BackDispatcher() }
            // enabled only while the app has something to close or leave: otherwise the system's
            // predictive back animation shows going home
            BackHandler(enabled = backDispatcher.canHandle) { backDispatcher.handle() }
            MillsApp(
                appViewModels,
                strings,
                sound,
                onOpenRecordFile = ::openRecordFilePicker,
                backDispatcher = backDispatcher,
                onDarkThemeChanged = ::applyAppTheme,
            )
        }
    }

    /** singleTask: a record shared while the app runs arrives here. */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        openIncoming(intent)
    }

    /**
     * An invite link opens "Play a friend" and joins; anything else handed over is a record (one
     * that cannot be read is said on screen, like a file picked in the app). Invites first: they
     * are `ACTION_VIEW` too.
     */
    private fun openIncoming(intent: Intent?) {
        val invite = IncomingInvite.linkOf(intent)
        when {
            invite != null -> appViewModels.openInvite(invite)
            intent != null && IncomingRecord.isRecord(intent) -> recordReader.readIntent(intent)
        }
    }

    /**
     * The window and the system bars in the app's theme, not the system's: the window's
     * background is what shows before Compose's first frame (and behind a screen laid out
     * again), and the setting is kept by the system for the next start's starting window.
     */
    private fun applyAppTheme(dark: Boolean) {
        window.setBackgroundDrawable(ColorDrawable(windowBackground(dark).toArgb()))
        applySystemBarStyle(dark)
        StartingWindowTheme.remember(this, settingsViewModel.uiState.value.theme)
    }

    /**
     * Edge to edge, with the bars' icons for the app's theme rather than the system's: a dark
     * app on a light system needs light icons. The navigation bar keeps the scrims
     * enableEdgeToEdge uses by default (seen with three-button navigation).
     */
    private fun applySystemBarStyle(dark: Boolean) {
        enableEdgeToEdge(
            statusBarStyle = SystemBarStyle.auto(Color.TRANSPARENT, Color.TRANSPARENT) { dark },
            navigationBarStyle = SystemBarStyle.auto(LIGHT_SCRIM, DARK_SCRIM) { dark },
        )
    }

    private fun isSystemNight(): Boolean =
        resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK == Configuration.UI_MODE_NIGHT_YES

    private fun openRecordFilePicker() {
        try {
            recordFilePicker.launch(arrayOf("text/plain"))
        } catch (e: ActivityNotFoundException) {
            // a device without a document picker (some TV or kiosk builds)
            appViewModels.game.reportNoFilePicker()
        }
    }

    override fun onDestroy() {
        sound.release()
        super.onDestroy()
    }

    private inline fun <reified VM : ViewModel> factory(crossinline create: () -> VM) =
        viewModelFactory { initializer { create() } }

    private companion object {
        // androidx.activity's default scrims for the navigation bar (light: 90 % white, dark: 50 % near-black)
        val LIGHT_SCRIM = Color.argb(0xe6, 0xFF, 0xFF, 0xFF)
        val DARK_SCRIM = Color.argb(0x80, 0x1b, 0x1b, 0x1b)
    }
}
