package app.mills.data

import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.TextRecord
import uniffi.mills_ffi.readRecord

/** Reads [text] as a game record, whole, and loads nothing: the engine's `readRecord`. */
fun checkRecord(text: String): Result<TextRecord> = try {
    Result.success(readRecord(text))
} catch (e: MillsException) {
    Result.failure(e)
}
