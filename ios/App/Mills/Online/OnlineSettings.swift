import Foundation
import MillsCore

/// What online play needs from the settings: the server's address (empty by default: the
/// app stays wholly offline) and the name the opponent sees (empty: none is sent).
struct OnlineSettings: Equatable {
    var server: String
    var name: String

    /// A server is named: "Play a friend" can create and join rooms.
    var hasServer: Bool { !trimmedServer.isEmpty }

    /// The engine's options, its device secret kept at `secretPath`; nil without a server.
    /// The engine checks the address itself (`InvalidServer`).
    func options(secretPath: String) -> OnlineOptions? {
        guard hasServer else { return nil }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return OnlineOptions(
            server: trimmedServer,
            secretPath: secretPath,
            name: trimmedName.isEmpty ? nil : trimmedName
        )
    }

    private var trimmedServer: String {
        server.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension SaveLocations {
    /// The device secret the engine makes on first use: this install's seat in its rooms.
    /// In a folder of its own that is excluded from backups (`excludeOnlineFolderFromBackup`):
    /// restored onto a second device, a copy would let two devices claim the same seats,
    /// while losing it only loses the seats of unfinished online games.
    var onlineSecret: URL {
        onlineFolder.appending(path: "device-secret")
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
