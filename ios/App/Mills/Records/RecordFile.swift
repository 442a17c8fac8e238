import Foundation

/// Reads a game record shared with the app as a file ("Open in Mills", the Files picker).
enum RecordFile {
    /// More than the engine accepts (512 KiB), so that an oversized file still reaches it
    /// and is refused with the engine's own reason, while a huge file is never read whole.
    static let readLimit = 1 << 20

    /// The file's text (bytes that are not UTF-8 become replacement characters, which the
    /// engine then refuses with a reason); a file from "Open in" is removed from the inbox
    /// once read.
    static func text(at url: URL) throws -> String {
        let scoped = url.startAccessingSecurityScopedResource()
        defer {
            if scoped { url.stopAccessingSecurityScopedResource() }
        }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let data = try handle.read(upToCount: readLimit) ?? Data()
        if isInInbox(url) {
            try? FileManager.default.removeItem(at: url)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Documents/Inbox, where iOS copies the files other apps open in this one.
    private static func isInInbox(_ url: URL) -> Bool {
        guard let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first else {
            return false
        }
        let inbox = documents.appending(path: "Inbox", directoryHint: .isDirectory).standardizedFileURL.path
        return url.standardizedFileURL.path.hasPrefix(inbox + "/")
    }
}
