import Foundation
import MillsCore

/// What online play needs from the settings: the server's address (empty by default: the
/// build's default server, or wholly offline without one; a bare host is encrypted,
/// `wss://`) and the name the opponent sees (empty: none is sent).
struct OnlineSettings: Equatable {
    var server: String
    var name: String
    /// The build's default server (`BuildSettings.defaultServer`); empty: none.
    var buildDefault: String = BuildSettings.defaultServer

    /// The server online play uses: the Settings field, else the build's default, else none
    /// (the engine's `chooseServerAddress`, the same order as on Android).
    var effectiveServer: String? {
        chooseServerAddress(setting: server, buildDefault: buildDefault)
    }

    /// A server is named or built in: "Play a friend" can create and join rooms.
    var hasServer: Bool { effectiveServer != nil }

    /// The build's default server, trimmed; nil when the build names none.
    var namedBuildDefault: String? {
        chooseServerAddress(setting: "", buildDefault: buildDefault)
    }

    /// The engine's options, its device secret kept at `secretPath` and its room file (the
    /// way back after a kill) at `roomPath`; nil without a server. The engine checks the
    /// address itself (`InvalidServer`).
    func options(secretPath: String, roomPath: String? = nil) -> OnlineOptions? {
        guard let server = effectiveServer else { return nil }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return OnlineOptions(
            server: server,
            secretPath: secretPath,
            name: trimmedName.isEmpty ? nil : trimmedName,
            roomPath: roomPath
        )
    }

    /// The engine's reading of the address (encryption, host, the privacy page); nil when
    /// it is blank or unusable (opening a room then says why).
    var serverInfo: ServerAddressInfo? {
        guard let server = effectiveServer else { return nil }
        return try? readServerAddress(address: server)
    }

    /// A typed `ws://` or `http://`: the name, the moves and the device secret would travel
    /// unencrypted, so Settings warns. A bare host is `wss://`.
    var isUnencrypted: Bool { serverInfo?.encrypted == false }

    /// The server's privacy policy (its `/privacy` page); nil without a usable server, when
    /// nothing leaves the phone.
    var privacyPolicy: URL? { serverInfo.flatMap { URL(string: $0.privacyUrl) } }
}

extension SaveLocations {
    /// The device secret the engine makes on first use: this install's seat in its rooms.
    /// In a folder of its own that is excluded from backups (`excludeOnlineFolderFromBackup`):
    /// restored onto a second device, a copy would let two devices claim the same seats,
    /// while losing it only loses the seats of unfinished online games.
    var onlineSecret: URL {
        onlineFolder.appending(path: "device-secret")
    }

    /// The room this device last played in, written by the engine's session: after the app
    /// was killed, Home offers to go back to it. Beside the secret, whose seat it needs.
    var onlineRoom: URL {
        onlineFolder.appending(path: "room.json")
    }

    var onlineFolder: URL {
        autosave.deletingLastPathComponent().appending(path: "online", directoryHint: .isDirectory)
    }

    /// Makes the folder of the device secret and keeps it out of iCloud and computer backups.
    func prepareOnlineFolder() throws {
        try FileManager.default.createDirectory(at: onlineFolder, withIntermediateDirectories: true)
        #if canImport(Darwin)
        var folder = onlineFolder
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try folder.setResourceValues(values)
        #endif
    }
}
