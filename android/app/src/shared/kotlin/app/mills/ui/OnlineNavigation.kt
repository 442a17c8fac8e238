package app.mills.ui

import app.mills.ui.navigation.Route
import app.mills.ui.online.PlayFriendActions
import uniffi.mills_ffi.GameId
import uniffi.mills_ffi.TurnTimer

/** "Play a friend": a room made or joined opens on top of it. */
internal fun AppViewModels.playFriendActions(): PlayFriendActions = object : PlayFriendActions {
    override fun onGame(game: GameId) = playFriend.selectGame(game)
    override fun onTimer(timer: TurnTimer) = playFriend.selectTimer(timer)
    override fun onCode(code: String) = playFriend.editCode(code)
    override fun onCreate() {
        if (playFriend.create()) app.navigate(Route.Online)
    }
    override fun onJoin() {
        if (playFriend.join()) app.navigate(Route.Online)
    }
    override fun onSettings() = app.navigate(Route.Settings)
    override fun onBack() {
        app.back()
    }
}

/**
 * Home's "Return to your game": the saved room opens like a room made or joined; if it cannot
 * be opened (the address in the settings is not one), "Play a friend" says why.
 */
fun AppViewModels.returnToOnlineGame() {
    online.close()
    if (playFriend.reopen()) {
        app.navigate(Route.Online)
    } else {
        playFriend.refresh()
        app.navigate(Route.PlayFriend)
    }
}

/**
 * An invite opened with the app (`mills://join/CODE`, `https://…/join/CODE`): "Play a friend"
 * opens with it filled in and joins at once when a server is set (else it says one is needed).
 */
fun AppViewModels.openInvite(link: String) {
    online.close()
    playFriend.invite(link)
    app.openFromHome(Route.PlayFriend)
    if (!playFriend.uiState.value.needsServer && playFriend.join()) app.navigate(Route.Online)
}
