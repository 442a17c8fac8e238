package app.mills.android

import android.app.Application
import android.content.Intent
import android.net.Uri
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * Reads a record handed to the app (a file picked in it, a share, a document opened with it)
 * off the main thread, then hands the text (`null`: unreadable) to [open] on the main thread.
 * A view model: a read that a rotation interrupts goes on, and its record still opens.
 * [open] must not hold the activity (it outlives it): the app's view models only.
 */
class RecordReader(
    private val application: Application,
    private val open: (String?) -> Unit,
) : ViewModel() {
    fun readPicked(uri: Uri) = read { IncomingRecord.textAt(application, uri) }

    fun readIntent(intent: Intent) = read { IncomingRecord.textOf(application, intent) }

    private fun read(textOf: () -> String?) {
        viewModelScope.launch {
            open(withContext(Dispatchers.IO) { textOf() })
        }
    }
}
