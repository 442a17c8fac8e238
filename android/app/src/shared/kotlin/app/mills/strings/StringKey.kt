package app.mills.strings

/**
 * Every string the shared UI shows, named after its resource: `HomeTitle` is `home_title` and
 * `Level10` is `level_10` in res/values/strings.xml (see [resourceName]). Android resolves
 * them from its resources, the desktop test build from the same XML files.
 */
enum class StringKey {
    AppName, RulesLocale, ListSeparator,

    HomeTitle, HomeSubtitle, HomeContinue, HomeContinueDetail, HomeVsComputer, HomePassAndPlay,
    HomePiecesEach, HomeRecord, HomeRecordHints,

    ModeVsComputer, ModePassAndPlay, PlayerWhite, PlayerBlack, PlayerYou, PlayerComputer,

    ActionBack, ActionSettings, ActionUndo, ActionRedo, ActionNewGame, ActionResign, ActionRules,
    ActionRematch, ActionViewBoard, ActionHome, ActionCancel, ConfirmResignTitle, ConfirmResignText,
    ConfirmNewGameTitle, ConfirmNewGameText,

    TurnYours, TurnComputer, TurnPlayer, PromptPlace, PromptPick, PromptDestination, PromptPin,
    PromptPinMore, PromptCapture, PromptCaptureMore, PromptPull, PromptStepAfterPull,
    PromptThinking, PromptWait, PromptGameOver,

    CountInHand, CountOnBoard, CountCaptured, CountPins, CountStable, PanelSummary,
    TimerSecondsLeft, TimerPaused, StableLabel, BoardDescription,

    PointEmpty, PointYourPiece, PointComputerPiece, PointWhitePiece, PointBlackPiece,
    PointCanPlace, PointCanMove, PointCanMoveHere, PointSelected, PointCanPin, PointCanCapture,
    PointCanPull, PointInMill, PointLastTurn,

    AnnouncePlaced, AnnounceStepped, AnnouncePinned, AnnounceCaptured, AnnouncePulled,
    AnnounceStabled, AnnouncePicked, AnnounceDropped, AnnounceTimedOut, AnnounceMill,
    AnnounceLinkedHorse, AnnounceUndone, AnnounceRedone, AnnounceNewGame, AnnounceResigned,
    AnnounceSaveFailed,

    RefuseOccupied, RefuseNoPiece, RefuseNotYours, RefuseCannotMove, RefuseNotAdjacent,
    RefuseNotOpponent, RefuseInMill, RefuseNotNextToYours, RefuseThinking, RefuseGameOver,
    RefuseIllegal,

    ResultYouWin, ResultYouLose, ResultPlayerWins, ResultDraw, ReasonTookAll, ReasonReducedToTwo,
    ReasonThreeInLine, ReasonBlocked, ReasonResignation, ReasonBoardFull, ReasonBothAtTwo,
    ReasonRepetition, ReasonQuietTurns, ResultTurns,

    SettingsTitle, SettingsSectionComputer, SettingsDifficulty, SettingsLevelValue,
    SettingsYourSide, SettingsSideFirst, SettingsSideSecond, SettingsSideNote,
    SettingsSectionTimer, SettingsTimerNote, TimerOff, TimerSeconds, SettingsSectionFeedback,
    SettingsSound, SettingsHaptics, SettingsSectionLook, SettingsTheme, ThemeSystem, ThemeLight,
    ThemeDark, SettingsBoardStyle, BoardWood, BoardSlate, BoardJade, SettingsSectionPassAndPlay,
    SettingsFaceToFace, SettingsFaceToFaceSummary,

    Level1, Level2, Level3, Level4, Level5, Level6, Level7, Level8, Level9, Level10,

    RulesTitle, RulesKeyFacts, RulesQuickStart, RulesFull,

    // move list, review, hints, evaluation bar, game records
    ActionHint, ActionHintStop, ActionReview, ActionRecord, ActionCopy, ActionShare, ActionClose,
    ActionShowMoves, ActionHideMoves, MovesTitle, MovesEmpty, MovesRow, MovesCurrent, MovesShown,
    MovesToPlay, MovesInProgress, MovesTimerPass, MovesResigned, ReviewPrevious, ReviewNext,
    ReviewPlayFromHere, ReviewExit, ReviewStatus,
    ReviewStart, ReviewAfterTurn, ReviewFinal, ReviewToPlay, ReviewTapRefused,
    ConfirmPlayFromHereTitle, ConfirmPlayFromHereText, AnnouncePlayedFromHere, AnnounceRecordCopied,
    AnnounceRecordOpened, HintSearching, HintPlace, HintStep, HintRemove, HintThenStep, HintRemoveOnly, HintNone,
    HintsUsed, PointHintPiece, PointHintDestination, PointHintRemoval, SettingsSectionAnalysis,
    SettingsEvaluationBar, SettingsEvaluationBarSummary, EvalLevel, EvalSlightlyBetter, EvalBetter,
    EvalWinning, EvalForcedWin, EvalExactWin, EvalExactWinOne, EvalWon, EvalDraw, EvalDescription,
    RecordTitle, RecordShareSubject, ImportRecord, ImportRecordSummary, ImportClipboardEmpty,
    ActionPaste, ImportRecordFile, ImportFileUnreadable, ImportNoFilePicker,
    ImportErrorTitle, ImportErrorNothingLoaded, ConfirmOpenRecordTitle, ConfirmOpenRecordText, ActionOpenRecord,

    // every MillsException (game/ErrorText.kt)
    ErrorInvalidPoint, ErrorInvalidLevel, ErrorGameOver, ErrorNothingToUndo, ErrorNothingToRedo,
    ErrorNotComputersTurn, ErrorCorruptSave, ErrorUnknownSaveVersion, ErrorIllegalSavedAction, ErrorIo,
    ErrorNotAvailable, ErrorInternal, ErrorSessionClosed, ErrorSaveTooLarge, ErrorNotARegularFile,
    ErrorNoSuchTurn, ErrorRecordNotARecord, ErrorRecordVersion, ErrorRecordTooLong, ErrorRecordTruncated,
    ErrorRecordBadHeader, ErrorRecordUnknownGame, ErrorRecordIllegalTurn, ErrorRecordAfterEnd,
    ErrorRecordResultMismatch, ErrorRecordInvalid,

    // lessons: course list, lesson screen, first-open offer
    LessonsTitle, LessonsCourse, LessonsProgress, LessonsSolved, LessonsNotSolved,
    LessonsItemDescription, LessonsReset, LessonsResetTitle, LessonsResetText, LessonsResetConfirm,
    LessonsProgressDamaged, LessonsProgressUnavailable, LessonsProgressNotSaved, RulesLessons,
    LessonPosition, LessonGoal, LessonHint, LessonHintText, LessonTryAgain, LessonNext, LessonAll,
    LessonWrong, LessonCount, LessonSolved, AnnounceLessonTryAgain, AnnounceLessonTimedOut,
    LessonOfferTitle, LessonOfferText, LessonOfferStart, LessonOfferNotNow,
    // endgame tables (engine): their error and the Settings line
    ErrorInvalidTableSize, TablesReady, TablesPreparing, TablesUnavailable,
    // puzzles: their errors
    ErrorTablesNotReady, ErrorInvalidDate, PuzzlesWaitingForTables,
    // puzzles: home entry, hub, puzzle screen, rush, statistics and rating
    HomePuzzles, HomePuzzlesSummary, PuzzlesTitle, PuzzlesRating, PuzzlesRatingDescription,
    PuzzlesRatingNote, PuzzlesSolved, PuzzlesStreak, PuzzlesBestRush, PuzzlesRatedGames,
    PuzzlesDaily, PuzzlesDailyDetail, PuzzlesDailySolved, PuzzlesSolve, PuzzlesRush,
    PuzzlesRushSummary, PuzzlesRushStart, PuzzlesChoose, PuzzlesGradeAll, PuzzlesGradeMissing, PuzzleGradeEasy,
    PuzzleGradeMedium, PuzzleGradeHard, PuzzleGradeExpert, PuzzleGradeMaster, PuzzlesItem,
    PuzzlesItemDescription, PuzzlesNotSolved, PuzzleRushTitle, PuzzlePosition, PuzzleSubtitle,
    PuzzleGoal, PuzzleTurnsLeft, PuzzleTurnsLeftOne, PuzzleHint, PuzzleRetry, PuzzleNext,
    PuzzleRight, PuzzleWrong, PuzzleSolved, PuzzleSolvedWithHints, PuzzleSolvedAfterRetry,
    PuzzleHintShown, PuzzleRushSolved, PuzzleRushOver, PuzzleRushBest, PuzzleNotSaved,
    // puzzles: the two kinds, endgames and tactics
    PuzzlesKindAll, PuzzlesKindEndgames, PuzzlesKindTactics, PuzzleKindEndgame, PuzzleKindTactic,
    PuzzlesKindNone, PuzzlesItemTactic, PuzzlesItemTacticDescription, PuzzlesDailyDetailTactic,
    PuzzleWrongTactic, PuzzleGoalReached, PuzzleHintShownTactic,
    // play a friend online: home, the room screens, the connection, settings, errors
    HomePlayFriend, HomePlayFriendSummary, HomeOnlineReturn, HomeOnlineReturnWith, HomeOnlineForget,
    HomeOnlineForgetDescription, OnlineReturnGone, OnlineInviteLeaveTitle, OnlineInviteLeaveText,
    OnlineInviteLeaveConfirm, OnlineLeaveTitle, OnlineLeaveText, OnlineLeaveKeep, OnlineLeaveConfirm,
    HomeOnlineYourTurn, OnlineTitle, OnlineNeedsServer, OnlineOpenSettings,
    OnlineCreateTitle, OnlineTimer, OnlineCreate, OnlineJoinTitle, OnlineCodeLabel, OnlineJoin,
    OnlineWaiting, OnlineWaitingTimer, OnlineCodeShown, OnlineShareInvite, OnlineInviteText, OnlineOpponent,
    OnlineSubtitle, OnlineSideName, OnlineConnecting, OnlineReconnecting, OnlinePaused,
    OnlineClosed, OnlineRefusedUnknownCode, OnlineRefusedRoomFull, OnlineRefusedOther,
    OnlineUntrustedServer, OnlineRetry,
    OnlineOpponentAway, OnlineTheirTurn, OnlineSending, OnlineTurnRefused, OnlineNotYourTurn,
    OnlineRematchAsked, OnlineRematchOffered, SettingsSectionOnline, SettingsServer,
    SettingsServerNote, SettingsPlayerName, SettingsPlayerNameNote,
    SettingsServerNotEncrypted, SettingsPrivacyOffline, SettingsPrivacyPolicy,
    // online play (engine): a server address or an invite the engine cannot use
    ErrorInvalidServer, ErrorInvalidInvite,
    // online play: a ws:// server the network security config does not allow
    ErrorCleartextNotPermitted;

    /** The resource name: `HomeTitle` → `home_title`, `Level10` → `level_10`. */
    val resourceName: String by lazy { toResourceName(name) }

    companion object {
        /** The name of a computer level, by the key the engine gives it. */
        fun level(number: Int): StringKey = ofResource(app.mills.data.EngineChoices.nameKey(number))

        /** The key of a resource name the engine gives (`count_pins`, `level_5`). */
        fun ofResource(name: String): StringKey = byResource.getValue(name)

        private val byResource: Map<String, StringKey> by lazy { entries.associateBy { it.resourceName } }

        internal fun toResourceName(name: String): String = buildString {
            name.forEachIndexed { i, c ->
                val boundary = i > 0 && (c.isUpperCase() || (c.isDigit() && !name[i - 1].isDigit()))
                if (boundary) append('_')
                append(c.lowercaseChar())
            }
        }
    }
}
