package app.mills.android

import android.content.ActivityNotFoundException
import android.content.Intent
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.result.contract.ActivityResultContracts
import androidx.activity.viewModels
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.lifecycle.DefaultLifecycleObserver
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ViewModel
import androidx.lifecycle.lifecycleScope
import androidx.lifecycle.viewmodel.initializer
import androidx.lifecycle.viewmodel.viewModelFactory
import app.mills.AppContainer
import app.mills.ui.AppViewModels
import app.mills.ui.MillsApp
import app.mills.ui.game.GameViewModel
import app.mills.ui.home.HomeViewModel
import app.mills.ui.lessons.LessonListViewModel
import app.mills.ui.lessons.LessonViewModel
import app.mills.ui.navigation.AppViewModel
import app.mills.ui.openRecord
import app.mills.ui.openRecordFile
import app.mills.ui.settings.SettingsViewModel
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/** The one activity: hosts the shared Compose UI and tells the game when the app is hidden. */
class MainActivity : ComponentActivity() {
    private val container: AppContainer get() = (application as MillsApplication).container

    private val appViewModel: AppViewModel by viewModels { factory { container.appViewModel() } }
    private val homeViewModel: HomeViewModel by viewModels { factory { container.homeViewModel() } }
    private val gameViewModel: GameViewModel by viewModels { factory { container.gameViewModel() } }
    private val settingsViewModel: SettingsViewModel by viewModels { factory { container.settingsViewModel() } }
    private val lessonListViewModel: LessonListViewModel by viewModels { factory { container.lessonListViewModel() } }
    private val lessonViewModel: LessonViewModel by viewModels { factory { container.lessonViewModel() } }

    private lateinit var sound: SoundPoolPlayer
    private lateinit var appViewModels: AppViewModels

    // Home's "Open a text file": the system document picker, which needs no storage
    // permission; registered before the activity starts, as the Activity Result API requires.
    private val recordFilePicker = registerForActivityResult(ActivityResultContracts.OpenDocument()) { uri ->
        // no uri: the player cancelled, nothing to say
        uri?.let { openRecordRead({ IncomingRecord.textAt(this, it) }, appViewModels::openRecordFile) }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        sound = SoundPoolPlayer(this)
        // the turn timer stops while the app is in the background (the session autosaves), and so
        // does a timer lesson's countdown
        lifecycle.addObserver(
            object : DefaultLifecycleObserver {
                override fun onStart(owner: LifecycleOwner) {
                    appViewModel.setForeground(true)
                    lessonViewModel.setForeground(true)
                }

                override fun onStop(owner: LifecycleOwner) {
                    appViewModel.setForeground(false)
                    lessonViewModel.setForeground(false)
                }
            },
        )
        val strings = ResourceStrings(this)
        appViewModels = AppViewModels(
            appViewModel, homeViewModel, gameViewModel, settingsViewModel, lessonListViewModel, lessonViewModel,
        )
        // a game record shared to the app or opened with it (not again after a rotation)
        if (savedInstanceState == null) openIncomingRecord(intent)
        setContent {
            val stack by appViewModel.backStack.collectAsState()
            BackHandler(enabled = stack.size > 1) { appViewModel.back() }
            MillsApp(appViewModels, strings, sound, onOpenRecordFile = ::openRecordFilePicker)
        }
    }

    /** singleTask: a record shared while the app runs arrives here. */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        openIncomingRecord(intent)
    }

    private fun openIncomingRecord(intent: Intent?) {
        openRecordRead({ IncomingRecord.textOf(this, intent) }) { text -> text?.let(appViewModels::openRecord) }
    }

    private fun openRecordFilePicker() {
        try {
            recordFilePicker.launch(arrayOf("text/plain"))
        } catch (e: ActivityNotFoundException) {
            // a device without a document picker (some TV or kiosk builds)
            appViewModels.game.reportNoFilePicker()
        }
    }

    /** Reads a record off the main thread (a cloud document can take a while), then opens it there. */
    private fun openRecordRead(read: () -> String?, open: (String?) -> Unit) {
        lifecycleScope.launch {
            open(withContext(Dispatchers.IO) { read() })
        }
    }

    override fun onDestroy() {
        sound.release()
        super.onDestroy()
    }

    private inline fun <reified VM : ViewModel> factory(crossinline create: () -> VM) =
        viewModelFactory { initializer { create() } }
}
