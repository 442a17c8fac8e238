package app.mills.tests

import app.mills.desktop.XmlStrings
import app.mills.game.toUiText
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.RecordErrorKind

/** Every error the engine reports reads as a sentence in English and Chinese, never as the enum. */
class ErrorTextTest {
    private val en = XmlStrings.english()
    private val zh = XmlStrings.chinese()
    private val apps = mutableListOf<TestApp>()

    /** One of each case (a new case in the engine fails to compile in ErrorText.kt first). */
    private val everyError: List<MillsException> = listOf(
        MillsException.InvalidPoint("h9"),
        MillsException.InvalidLevel(11u),
        MillsException.GameOver(),
        MillsException.NothingToUndo(),
        MillsException.NothingToRedo(),
        MillsException.NotComputersTurn(),
        MillsException.CorruptSave("expected value at line 1"),
        MillsException.UnknownSaveVersion(7u, 1u),
        MillsException.IllegalSavedAction(4u, "d6", "d6 is occupied"),
        MillsException.Io("permission denied"),
        MillsException.NotAvailable("manual clock"),
        MillsException.Internal("boom"),
        MillsException.SessionClosed(),
        MillsException.SaveTooLarge(5_000_000uL, 4_194_304uL, "bytes"),
        MillsException.NotARegularFile("/data/autosave.json", "a directory"),
        MillsException.NoSuchTurn(12u, 10u),
        MillsException.InvalidRecord(RecordErrorKind.ILLEGAL_TURN, 9u, "turn 9: action 10 (xa1) is illegal"),
        MillsException.InvalidRecord(RecordErrorKind.NOT_A_RECORD, null, "not a Mills record"),
        MillsException.InvalidRecord(RecordErrorKind.UNSUPPORTED_VERSION, null, "version 2"),
        MillsException.InvalidRecord(RecordErrorKind.TOO_LONG, null, "too long"),
        MillsException.InvalidRecord(RecordErrorKind.TRUNCATED, null, "truncated"),
        MillsException.InvalidRecord(RecordErrorKind.BAD_HEADER, null, "line 3"),
        MillsException.InvalidRecord(RecordErrorKind.UNKNOWN_GAME, null, "unknown game 'chess'"),
        MillsException.InvalidRecord(RecordErrorKind.AFTER_END, null, "line 20"),
        MillsException.InvalidRecord(RecordErrorKind.RESULT_MISMATCH, null, "the result says"),
        MillsException.InvalidRecord(RecordErrorKind.NOT_FROM_START, null, "not from the start"),
        MillsException.InvalidTableSize(7u, 3u, 5u),
        MillsException.InvalidServer("ftp://mills.example", "'ftp' is not a WebSocket scheme"),
        MillsException.InvalidInvite("hello"),
    )

    @AfterEach
    fun close() = apps.forEach { it.close() }

    @Test
    fun everyErrorHasItsOwnTextInBothLanguages() {
        for (strings in listOf(en, zh)) {
            val texts = everyError.map { it.toUiText().resolve(strings) }
            texts.zip(everyError).forEach { (text, error) ->
                assertTrue(text.isNotBlank(), "${error::class.simpleName}: blank")
                assertFalse(text.contains("MillsException") || text.contains("reason"), text)
            }
            assertEquals(texts.size, texts.toSet().size, "two errors read the same: $texts")
        }
        assertNotEquals(
            everyError[0].toUiText().resolve(en),
            everyError[0].toUiText().resolve(zh),
        )
    }

    @Test
    fun argumentsArePartOfTheSentence() {
        assertEquals("h9 is not a point on the board", everyError[0].toUiText().resolve(en))
        assertEquals("There is no level 11 (levels are 1 to 10)", everyError[1].toUiText().resolve(en))
        // the engine counts saved actions from 0, people from 1
        assertEquals(
            "The saved game cannot be replayed: move 5 (d6) is not legal",
            everyError[8].toUiText().resolve(en),
        )
        assertEquals("存档无法重放：第 5 步（d6）不合规则", everyError[8].toUiText().resolve(zh))
        // the engine's own English reasons are for logs, not for players
        assertFalse(everyError[9].toUiText().resolve(en).contains("permission denied"))
        // turn indices count from 0, people from 1; a record's turns are already numbered
        assertEquals("There is no turn 13 in this game", everyError[15].toUiText().resolve(en))
        assertEquals(
            "The game record cannot be replayed: turn 9 is not legal",
            everyError[16].toUiText().resolve(en),
        )
        assertEquals("棋谱无法重放：第 9 回合不合规则", everyError[16].toUiText().resolve(zh))
    }

    @Test
    fun undoWithNothingToUndoSaysSoAndAnnouncesNothing() {
        val app = TestApp().also { apps += it }
        onMain { app.viewModels.home.startGame(GameId.TWELVE_MENS_MORRIS, false) }
        eventually { app.viewModels.game.uiState.value != null }
        onMain { app.viewModels.game.undo() }
        val state = onMain { app.viewModels.game.uiState.value } ?: error("no state")
        assertEquals("There is no move to take back", state.message?.resolve(en))
        assertNotEquals("Move taken back", state.announcement?.resolve(en))
        onMain { app.viewModels.game.redo() }
        val after = onMain { app.viewModels.game.uiState.value } ?: error("no state")
        assertEquals("没有可重走的棋", after.message?.resolve(zh))
    }
}
