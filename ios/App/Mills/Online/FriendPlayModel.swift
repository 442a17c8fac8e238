import Foundation
import MillsCore
import Observation

/// "Play a friend": creating a room (the invite to share comes back from the server),
/// joining one from a typed code or an opened link, and the room then on screen
/// (`OnlineGameModel`: waiting for the friend, the game, the result).
///
/// Online play needs a server named in the settings; without one nothing connects and the
/// screen says so (an invite opened meanwhile waits in `pendingInvite`).
///
/// The engine keeps a record of the room in play (`SaveLocations.onlineRoom`): after the app
/// was killed, `savedRoom` is the unfinished game Home offers to return to.
@MainActor
@Observable
final class FriendPlayModel {
    /// The room on screen, if any.
    private(set) var room: OnlineGameModel?
    /// Why the last create or join did not start (the engine's reason, or no server).
    private(set) var error: String?
    /// An invite link the app was opened with while no server was set: joined once one is.
    private(set) var pendingInvite: String?
    /// The "Play a friend" screen is shown (an opened invite link shows it). A room kept
    /// open while it is not shown stays silent.
    var isPresented = false {
        didSet { room?.isHidden = !isPresented }
    }
    /// An invite opened during an online game: the player is asked first whether to leave
    /// that game for it (`answerInvite`).
    private(set) var inviteToConfirm: String?
    /// The unfinished online game to go back to (the app was killed during it); nil when
    /// there is none or online play is off. Read again by `refreshSavedRoom`.
    private(set) var savedRoom: SavedOnlineRoom?

    @ObservationIgnored private let secretPath: String
    @ObservationIgnored private let roomPath: String
    @ObservationIgnored private let announce: Announce
    @ObservationIgnored private let prepareFolder: () throws -> Void
    @ObservationIgnored private var inBackground = false

    /// The device secret in `locations` (none: a temporary file, so the seats last only
    /// as long as it does); what happens spoken through `announce`.
    init(locations: SaveLocations?, announce: @escaping Announce) {
        if let locations {
            secretPath = locations.onlineSecret.path(percentEncoded: false)
            roomPath = locations.onlineRoom.path(percentEncoded: false)
            prepareFolder = { try locations.prepareOnlineFolder() }
        } else {
            secretPath = FileManager.default.temporaryDirectory
                .appending(path: "mills-device-secret").path(percentEncoded: false)
            roomPath = FileManager.default.temporaryDirectory
                .appending(path: "mills-online-room.json").path(percentEncoded: false)
            prepareFolder = {}
        }
        self.announce = announce
    }

    /// Creates a room for `game` with `timer`; the room shows the invite once the server has
    /// made it.
    func create(_ game: GameId, timer: TurnTimer, settings: OnlineSettings) {
        start(settings) { options in
            try OnlineSession.create(options: options, game: game, timer: timer, listener: nil)
        }
    }

    /// Joins the room of an invite: a code as people type it, or a whole invite link.
    func join(_ invite: String, settings: OnlineSettings) {
        let trimmed = invite.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            error = String(localized: "error_invalid_invite")
            return
        }
        let joined = start(settings) { options in
            try OnlineSession.join(options: options, invite: trimmed, listener: nil)
        }
        if joined {
            pendingInvite = nil
        }
    }

    /// The app was opened with `url`: an invite link opens "Play a friend" and joins (or
    /// waits for a server to be set). False for any other URL.
    @discardableResult
    func open(_ url: URL, settings: OnlineSettings) -> Bool {
        guard let invite = OnlineInvite.invite(in: url) else { return false }
        isPresented = true
        if let room, room.isInProgress {
            inviteToConfirm = invite
        } else {
            openInvite(invite, settings: settings)
        }
        return true
    }

    /// The answer to "Join another game?": `leave` the game on screen for the invite, or stay.
    func answerInvite(leave: Bool, settings: OnlineSettings) {
        guard let invite = inviteToConfirm else { return }
        inviteToConfirm = nil
        if leave {
            openInvite(invite, settings: settings)
        }
    }

    private func openInvite(_ invite: String, settings: OnlineSettings) {
        if settings.hasServer {
            join(invite, settings: settings)
        } else {
            pendingInvite = invite
            error = String(localized: "online_needs_server")
        }
    }

    /// Reads the room file again: Home offers the saved game while it goes on and a server
    /// is set (the app has one server; the room is opened there).
    func refreshSavedRoom(settings: OnlineSettings) {
        guard settings.hasServer, let saved = savedOnlineRoom(path: roomPath), !saved.finished else {
            savedRoom = nil
            return
        }
        savedRoom = saved
    }

    /// Home's "Return to your game": opens the saved room with this device's seat, on the
    /// server it was made or joined on (the setting may have changed since), and shows it
    /// like a room made or joined (or "Play a friend" with the reason it could not). A room
    /// still open here is shown as it is: a second connection for the same seat would make
    /// the server drop the first.
    func returnToSavedRoom(settings: OnlineSettings) {
        isPresented = true
        guard let saved = savedOnlineRoom(path: roomPath) else {
            savedRoom = nil
            error = String(localized: "online_return_gone")
            return
        }
        if let room, room.roomCode == saved.room {
            error = nil
            return
        }
        var roomSettings = settings
        roomSettings.server = saved.server
        start(roomSettings) { options in
            try OnlineSession.open(options: options, room: saved.room, listener: nil)
        }
    }

    /// The player does not want to go back to the saved game (the server keeps the room).
    func forgetSavedRoom() {
        forgetOnlineRoom(path: roomPath)
        savedRoom = nil
    }

    /// The saved game is open here (kept when its screen was left) and waits for this
    /// device's turn: Home says so.
    var savedRoomIsYourTurn: Bool {
        guard let savedRoom, let room, room.roomCode == savedRoom.room else { return false }
        return room.isMyTurn
    }

    /// Going back from a game in progress: `keep` it open (silent, its clock running; Home
    /// leads back to it) or leave it here (the server keeps the game).
    func closeScreen(keep: Bool) {
        if !keep {
            leave()
        }
        isPresented = false
    }

    /// What Home's offer says: whom the saved game is against, when the name is known.
    var savedRoomTitle: String? {
        guard let savedRoom else { return nil }
        if let name = savedRoom.opponentName {
            return String(localized: "home_online_return_with \(name)")
        }
        return String(localized: "home_online_return")
    }

    /// Leaves the room on this device (the server keeps it).
    func leave() {
        room?.close()
        room = nil
        error = nil
    }

    func dismissError() {
        error = nil
    }

    /// The app went to the background: the room's connection closes until it is back.
    func enterBackground() {
        inBackground = true
        room?.pause()
    }

    func enterForeground() {
        guard inBackground else { return }
        inBackground = false
        room?.resume()
    }

    /// True when the session started (the room then shows its phase).
    @discardableResult
    private func start(_ settings: OnlineSettings, session make: (OnlineOptions) throws -> OnlineSession) -> Bool {
        guard let options = settings.options(secretPath: secretPath, roomPath: roomPath) else {
            error = String(localized: "online_needs_server")
            return false
        }
        do {
            try prepareFolder()
            let session = try make(options)
            // The old room's connection closes now, even if a view still holds its model.
            room?.close()
            room = OnlineGameModel(session: session, announce: announce)
            error = nil
            return true
        } catch {
            self.error = userMessage(for: error)
            return false
        }
    }
}
