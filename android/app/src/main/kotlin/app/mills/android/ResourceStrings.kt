package app.mills.android

import android.annotation.SuppressLint
import android.content.Context
import app.mills.strings.StringKey
import app.mills.strings.Strings

/**
 * The shared UI's strings from Android resources, looked up by the names of [StringKey]
 * (res/raw/keep.xml keeps them through resource shrinking). Follows the system language:
 * values-b+zh+Hans for Simplified Chinese, values otherwise.
 */
class ResourceStrings(private val context: Context) : Strings {
    private val ids = IntArray(StringKey.entries.size)

    @SuppressLint("DiscouragedApi") // names come from StringKey; the test build checks each exists
    private fun id(key: StringKey): Int {
        if (ids[key.ordinal] == 0) {
            ids[key.ordinal] = context.resources.getIdentifier(key.resourceName, "string", context.packageName)
        }
        return ids[key.ordinal]
    }

    override fun get(key: StringKey, vararg args: Any): String {
        val id = id(key)
        check(id != 0) { "no string resource ${key.resourceName}" }
        return if (args.isEmpty()) context.getString(id) else context.getString(id, *args)
    }
}
