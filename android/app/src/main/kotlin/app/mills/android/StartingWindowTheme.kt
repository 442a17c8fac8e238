package app.mills.android

import android.app.UiModeManager
import android.content.Context
import android.os.Build
import app.mills.data.ThemeMode

/**
 * Android 12 and later draw the starting window (the splash screen) before any of the app's code
 * runs, from the theme's resources: `values/` or `values-night/` by the system's night mode. The
 * app's own setting is told to the system here, which keeps it for the app across starts, so that
 * a dark app on a light system starts dark. Following the system is `MODE_NIGHT_AUTO`, which
 * leaves the system's mode in place. Before Android 12 there is no such setting: the window
 * background set by [MainActivity] covers the time from its creation to the first frame.
 */
internal object StartingWindowTheme {
    fun remember(context: Context, mode: ThemeMode) {
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.S) return
        val uiModeManager = context.getSystemService(UiModeManager::class.java) ?: return
        uiModeManager.setApplicationNightMode(
            when (mode) {
                ThemeMode.Light -> UiModeManager.MODE_NIGHT_NO
                ThemeMode.Dark -> UiModeManager.MODE_NIGHT_YES
                ThemeMode.System -> UiModeManager.MODE_NIGHT_AUTO
            },
        )
    }
}
