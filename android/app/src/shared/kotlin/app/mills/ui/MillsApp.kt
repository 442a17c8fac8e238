package app.mills.ui

import androidx.compose.animation.AnimatedContent
import androidx.compose.animation.fadeIn
import androidx.compose.animation.fadeOut
import androidx.compose.animation.togetherWith
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import app.mills.strings.LocalStrings
import app.mills.strings.Strings
import app.mills.ui.components.BackDispatcher
import app.mills.ui.components.BackEffect
import app.mills.ui.components.BackScope
import app.mills.ui.components.BackLayer
import app.mills.ui.components.LocalBackDispatcher
import app.mills.ui.components.LocalSoundPlayer
import app.mills.ui.components.SoundPlayer
import app.mills.ui.game.GameRoute
import app.mills.ui.game.GameViewModel
import app.mills.ui.home.HomeRoute
import app.mills.ui.home.HomeViewModel
import app.mills.ui.lessons.LessonListRoute
import app.mills.ui.lessons.LessonListViewModel
import app.mills.ui.lessons.LessonRoute
import app.mills.ui.lessons.LessonViewModel
import app.mills.ui.navigation.AppViewModel
import app.mills.ui.navigation.Route
import app.mills.ui.online.LeaveAnswer
import app.mills.ui.online.OnlineGameRoute
import app.mills.ui.online.OnlineGameViewModel
import app.mills.ui.online.PlayFriendRoute
import app.mills.ui.online.PlayFriendViewModel
import app.mills.ui.puzzles.PuzzleHubActions
import app.mills.ui.puzzles.PuzzleHubRoute
import app.mills.ui.puzzles.PuzzleHubViewModel
import app.mills.ui.puzzles.PuzzleMode
import app.mills.ui.puzzles.PuzzleRoute
import app.mills.ui.puzzles.PuzzleViewModel
import app.mills.ui.puzzles.WaitingPuzzle
import app.mills.ui.records.ConfirmOpenRecordDialog
import app.mills.ui.records.ImportErrorDialog
import app.mills.ui.rules.RulesScreen
import app.mills.ui.settings.SettingsRoute
import app.mills.ui.settings.SettingsViewModel
import app.mills.ui.theme.MillsTheme
import app.mills.ui.theme.isDark
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.PuzzleGrade
import uniffi.mills_ffi.PuzzleKind
import uniffi.mills_ffi.TablesState

/** The view models of the app; the platform decides how long they live. */
class AppViewModels(
    val app: AppViewModel,
    val home: HomeViewModel,
    val game: GameViewModel,
    val settings: SettingsViewModel,
    val lessonList: LessonListViewModel,
    val lesson: LessonViewModel,
    val puzzleHub: PuzzleHubViewModel,
    val puzzle: PuzzleViewModel,
    val online: OnlineGameViewModel,
    val playFriend: PlayFriendViewModel,
)

/**
 * The whole app: theme, strings and the screen on top of the back stack. [onOpenRecordFile]
 * is the platform's document picker for Home's "Open a text file" (absent: no such button);
 * what it picks comes back through [openRecordFile]. The platform hands the system's back to
 * [backDispatcher] (it closes the top dialog, then leaves review, then goes back a screen), and
 * [onDarkThemeChanged] hears whether the app is drawn dark (the theme setting, or the system's
 * when it follows the system), for the platform's window and the icons of the system bars; it
 * is told again when the setting changes without changing the colours (Dark to System on a dark
 * system), so that the platform can remember the setting for its next start.
 */
@Composable
fun MillsApp(
    viewModels: AppViewModels,
    strings: Strings,
    sound: SoundPlayer = SoundPlayer { },
    onOpenRecordFile: (() -> Unit)? = null,
    backDispatcher: BackDispatcher = remember { BackDispatcher() },
    onDarkThemeChanged: (Boolean) -> Unit = {},
) {
    val settings by viewModels.settings.uiState.collectAsState()
    val stack by viewModels.app.backStack.collectAsState()
    val dark = isDark(settings.theme)
    val currentOnDarkThemeChanged by rememberUpdatedState(onDarkThemeChanged)
    LaunchedEffect(dark, settings.theme) { currentOnDarkThemeChanged(dark) }
    CompositionLocalProvider(
        LocalStrings provides strings,
        LocalSoundPlayer provides sound,
        LocalBackDispatcher provides backDispatcher,
    ) {
        BackEffect(BackLayer.BackStack, enabled = stack.size > 1) { viewModels.app.back() }
        MillsTheme(settings.theme, settings.boardStyle) {
            Surface(Modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
                Box(Modifier.windowInsetsPadding(WindowInsets.safeDrawing)) {
                    AnimatedContent(stack.last(), transitionSpec = { fadeIn() togetherWith fadeOut() }, label = "screen") { route ->
                        val app = viewModels.app
                        // a screen in its exit animation answers no back: the one shown does
                        BackScope(shown = route == stack.last()) {
                            when (route) {
                                Route.Home -> {
                                    LaunchedEffect(Unit) { viewModels.home.refresh() }
                                    val room by viewModels.online.uiState.collectAsState()
                                    HomeRoute(
                                        viewModels.home,
                                        onOpenGame = app::openGame,
                                        onSettings = { app.navigate(Route.Settings) },
                                        onRules = { app.navigate(Route.Rules(it)) },
                                        onLearn = {
                                            viewModels.lesson.close()
                                            app.openLessons(it, viewModels.lessonList.startingLessonId(it))
                                        },
                                        onImportRecord = viewModels::openRecordFromClipboard,
                                        onOpenRecordFile = onOpenRecordFile,
                                        onPuzzles = { app.navigate(Route.Puzzles) },
                                        onPlayFriend = { app.navigate(Route.PlayFriend) },
                                        onReturnOnline = viewModels::returnToOnlineGame,
                                        onlineYourTurn = room?.myTurn == true,
                                    )
                                }
                                Route.Game -> {
                                    // back leaves review before it leaves the screen
                                    val game by viewModels.game.uiState.collectAsState()
                                    BackEffect(BackLayer.Screen, enabled = game?.review != null) {
                                        viewModels.game.exitReview()
                                    }
                                    GameRoute(
                                        viewModels.game,
                                        settings,
                                        onBack = { app.back() },
                                        onSettings = { app.navigate(Route.Settings) },
                                        onRules = { app.navigate(Route.Rules(it)) },
                                    )
                                }
                                Route.Settings -> SettingsRoute(viewModels.settings, onBack = { app.back() })
                                is Route.Rules -> RulesScreen(
                                    route.game,
                                    onBack = { app.back() },
                                    onLessons = { app.navigate(Route.Lessons(route.game)) },
                                )
                                is Route.Lessons -> LessonListRoute(
                                    viewModels.lessonList,
                                    route.game,
                                    onOpenLesson = {
                                        viewModels.lesson.close() // a lesson opened from the list starts afresh
                                        app.navigate(Route.Lesson(it))
                                    },
                                    onBack = { app.back() },
                                )
                                is Route.Lesson -> LessonRoute(
                                    viewModels.lesson,
                                    route.lessonId,
                                    settings,
                                    onNext = { app.replaceTop(Route.Lesson(it)) },
                                    onList = { app.back() },
                                    onBack = { app.back() },
                                )
                                Route.Puzzles -> PuzzleHubRoute(viewModels.puzzleHub, viewModels.puzzleHubActions(strings.rulesLocale))
                                Route.Puzzle -> {
                                    // leaving the puzzle ends it (a rush's clock stops with it)
                                    val leave = {
                                        viewModels.puzzle.close()
                                        app.back()
                                    }
                                    BackEffect(BackLayer.Screen) { leave() }
                                    PuzzleRoute(viewModels.puzzle, settings, onBack = { leave() })
                                }
                                Route.PlayFriend -> {
                                    LaunchedEffect(Unit) { viewModels.playFriend.refresh() }
                                    PlayFriendRoute(viewModels.playFriend, viewModels.playFriendActions())
                                }
                                Route.Online -> {
                                    // during a game, back asks: keep the room open (its clock runs
                                    // on; Home leads back) or leave it (the server keeps the game)
                                    var asksToLeave by remember { mutableStateOf(false) }
                                    val back = {
                                        if (viewModels.online.hasGameInProgress) {
                                            asksToLeave = true
                                        } else {
                                            viewModels.online.close()
                                            app.back()
                                        }
                                    }
                                    BackEffect(BackLayer.Screen) { back() }
                                    OnlineGameRoute(
                                        viewModels.online,
                                        settings,
                                        onBack = { back() },
                                        onInviteAnswer = viewModels::answerInvite,
                                        asksToLeave = asksToLeave,
                                        onLeaveAnswer = { answer ->
                                            asksToLeave = false
                                            if (answer == LeaveAnswer.Leave) viewModels.online.close()
                                            if (answer != LeaveAnswer.Stay) app.back()
                                        },
                                    )
                                }
                            }
                        }
                    }
                    // a record that could not be opened, over whatever screen asked
                    val importError by viewModels.game.importError.collectAsState()
                    ImportErrorDialog(importError, viewModels.game::dismissImportError)
                    val recordToConfirm by viewModels.game.recordToConfirm.collectAsState()
                    ConfirmOpenRecordDialog(
                        recordToConfirm,
                        onOpen = viewModels::openRecordReplacingUnfinished,
                        onKeep = viewModels.game::keepUnfinishedGame,
                    )
                }
            }
        }
    }
}

/**
 * Opens a game record's text (shared to the app, opened with it, or pasted) in review on the
 * game screen; a bad one loads nothing and the import error says why, and a good one that
 * would end an unfinished game is asked about first (`ConfirmOpenRecordDialog`).
 */
fun AppViewModels.openRecord(text: String) {
    if (game.importRecord(text)) app.openGame()
}

/** The player agreed to end the unfinished game: the record that waited for it opens. */
fun AppViewModels.openRecordReplacingUnfinished() {
    val pending = game.recordToConfirm.value ?: return
    if (game.importRecord(pending.text, replaceUnfinished = true)) app.openGame()
}

/**
 * The puzzles' home starts a mode in [locale] and opens it, or says why it cannot; while the
 * tables are being prepared it waits for them, showing their progress.
 */
private fun AppViewModels.puzzleHubActions(locale: String): PuzzleHubActions = object : PuzzleHubActions {
    private val hub get() = this@puzzleHubActions.puzzleHub

    private fun play(mode: PuzzleMode, puzzleId: String? = null) {
        // the tables that judge puzzles are still being read, unpacked or built: the hub shows
        // their progress and opens this puzzle once they are done (onTablesSettled)
        if (hub.tables.value is TablesState.Preparing) return hub.waitForTables(WaitingPuzzle(mode, puzzleId))
        val error = puzzle.start(mode, locale, puzzleId)
        hub.showError(error)
        if (error == null) app.navigate(Route.Puzzle)
    }

    override fun onGame(game: GameId) = hub.selectGame(game)
    override fun onGrade(grade: PuzzleGrade?) = hub.selectGrade(grade)
    override fun onKind(kind: PuzzleKind?) = hub.selectKind(kind)
    override fun onDaily() = play(PuzzleMode.Daily)
    override fun onRush() = play(PuzzleMode.Rush(hub.uiState.value.game))
    override fun onPuzzle(puzzleId: String) = hub.uiState.value.let { play(PuzzleMode.Choice(it.game, it.grade, it.kind), puzzleId) }
    override fun onTablesSettled() {
        hub.takeWaiting()?.let { play(it.mode, it.puzzleId) }
    }

    override fun onBack() {
        hub.waitForTables(null) // leaving the hub: nothing opens behind the player's back
        app.back()
    }
}

/** Home's "Open a game record": the record on the clipboard. */
fun AppViewModels.openRecordFromClipboard() {
    if (game.importFromClipboard()) app.openGame()
}

/**
 * A record handed to the app by the platform (Home's "Open a text file", a shared text or file,
 * a document opened with the app): its text, or `null` if it could not be read (said on screen).
 */
fun AppViewModels.openRecordFile(text: String?) {
    if (text == null) game.reportUnreadableRecordFile() else openRecord(text)
}
