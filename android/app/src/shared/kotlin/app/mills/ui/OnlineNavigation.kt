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
    override fun onSettings() = openServerSetting()
    override fun onBack() {
        app.back()
    }
}

/** Settings, with the cursor in the server field: where "no server" is fixed. */
fun AppViewModels.openServerSetting() {
    settings.requestServerField()
    app.navigate(Route.Settings)
}

/**
 * Home's "Return to your game": the saved room opens on its own server like a room made or
 * joined, or is shown as it is when it is still open; if it cannot be opened (its address is
 * not one), "Play a friend" says why.
 */
fun AppViewModels.returnToOnlineGame() {
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
 * During an online game the room's screen asks first: joining leaves that game.
 */
fun AppViewModels.openInvite(link: String) {
    if (online.hasGameInProgress) {
        online.askToOpenInvite(link)
        if (app.current != Route.Online) app.openFromHome(Route.Online)
        return
    }
    joinInvite(link)
}

/** The answer to "Join another game?": [leave] this game for the invite, or stay. */
fun AppViewModels.answerInvite(leave: Boolean) {
    online.answerInvite(leave)?.let { joinInvite(it) }
}

private fun AppViewModels.joinInvite(link: String) {
    online.close()
    playFriend.invite(link)
    app.openFromHome(Route.PlayFriend)
    if (!playFriend.uiState.value.needsServer && playFriend.join()) app.navigate(Route.Online)
}
