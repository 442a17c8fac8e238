package app.mills.game

import app.mills.strings.StringKey
import app.mills.strings.UiText
import app.mills.strings.text
import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.RecordErrorKind

/**
 * What went wrong, in the user's language, for every error the engine reports. The
 * exception's own `message` is the engine's English text for logs and developers; the
 * `reason` fields (a parser's or the file system's words) are not shown to players.
 */
fun MillsException.toUiText(): UiText = when (this) {
    is MillsException.InvalidPoint -> text(StringKey.ErrorInvalidPoint, point)
    is MillsException.InvalidLevel -> text(StringKey.ErrorInvalidLevel, level.toInt())
    is MillsException.GameOver -> text(StringKey.ErrorGameOver)
    is MillsException.NothingToUndo -> text(StringKey.ErrorNothingToUndo)
    is MillsException.NothingToRedo -> text(StringKey.ErrorNothingToRedo)
    is MillsException.NotComputersTurn -> text(StringKey.ErrorNotComputersTurn)
    is MillsException.CorruptSave -> text(StringKey.ErrorCorruptSave)
    is MillsException.UnknownSaveVersion -> text(StringKey.ErrorUnknownSaveVersion, found.toLong())
    // counted from 1 for people (the engine counts from 0)
    is MillsException.IllegalSavedAction -> text(StringKey.ErrorIllegalSavedAction, index.toLong() + 1, action)
    is MillsException.Io -> text(StringKey.ErrorIo)
    is MillsException.NotAvailable -> text(StringKey.ErrorNotAvailable)
    is MillsException.Internal -> text(StringKey.ErrorInternal)
    is MillsException.SessionClosed -> text(StringKey.ErrorSessionClosed)
    is MillsException.SaveTooLarge -> text(StringKey.ErrorSaveTooLarge)
    is MillsException.NotARegularFile -> text(StringKey.ErrorNotARegularFile)
    // turns counted from 1 for people (the engine's turn indices count from 0)
    is MillsException.NoSuchTurn -> text(StringKey.ErrorNoSuchTurn, turn.toLong() + 1)
    is MillsException.InvalidRecord -> recordErrorText(kind, turn)
    is MillsException.InvalidTableSize -> text(StringKey.ErrorInvalidTableSize, pieces.toInt())
    is MillsException.TablesNotReady -> text(StringKey.ErrorTablesNotReady)
    is MillsException.InvalidDate -> text(StringKey.ErrorInvalidDate)
    is MillsException.InvalidServer -> text(StringKey.ErrorInvalidServer)
    is MillsException.InvalidInvite -> text(StringKey.ErrorInvalidInvite)
}

/** A refused game record, by what is wrong with it (`turn` is already counted from 1). */
private fun recordErrorText(kind: RecordErrorKind, turn: UInt?): UiText = when (kind) {
    RecordErrorKind.NOT_A_RECORD -> text(StringKey.ErrorRecordNotARecord)
    RecordErrorKind.UNSUPPORTED_VERSION -> text(StringKey.ErrorRecordVersion)
    RecordErrorKind.TOO_LONG -> text(StringKey.ErrorRecordTooLong)
    RecordErrorKind.TRUNCATED -> text(StringKey.ErrorRecordTruncated)
    RecordErrorKind.BAD_HEADER -> text(StringKey.ErrorRecordBadHeader)
    RecordErrorKind.UNKNOWN_GAME -> text(StringKey.ErrorRecordUnknownGame)
    RecordErrorKind.ILLEGAL_TURN ->
        if (turn != null) text(StringKey.ErrorRecordIllegalTurn, turn.toLong()) else text(StringKey.ErrorRecordInvalid)
    RecordErrorKind.AFTER_END -> text(StringKey.ErrorRecordAfterEnd)
    RecordErrorKind.RESULT_MISMATCH -> text(StringKey.ErrorRecordResultMismatch)
    RecordErrorKind.NOT_FROM_START -> text(StringKey.ErrorRecordInvalid)
}
