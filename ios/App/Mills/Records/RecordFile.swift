import Foundation

/// Reads a game record shared with the app as a file ("Open in Mills", the Files picker).
enum RecordFile {
    /// More than the engine accepts (512 KiB), so that an oversized file still reaches it
    /// and is refused with the engine's own reason, while a huge file is never read whole.
    static let readLimit = 1 << 20

    /// The file's text (bytes that are not UTF-8 become replacement characters, which the
    /// engine then refuses with a reason); a file from "Open in" is removed from `inbox`
    /// once read.
    static func text(at url: URL, inbox: URL? = standardInbox) throws -> String {
        let scoped = url.startAccessingSecurityScopedResource()
        defer {
            if scoped { url.stopAccessingSecurityScopedResource() }
        }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let data = try handle.read(upToCount: readLimit) ?? Data()
        if let inbox, isInside(url, inbox) {
            try? FileManager.default.removeItem(at: url)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Documents/Inbox, where iOS copies the files other apps open in this one.
    static var standardInbox: URL? {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first?
            .appending(path: "Inbox", directoryHint: .isDirectory)
    }

    /// The file is in `folder`, both read with their links resolved: a link inside the folder
    /// to a file elsewhere (the autosave, say) is not in it, and `/private/var/...` is the
    /// same folder as `/var/...`.
    static func isInside(_ url: URL, _ folder: URL) -> Bool {
        let file = url.resolvingSymlinksInPath().standardizedFileURL.path(percentEncoded: false)
        let inside = folder.resolvingSymlinksInPath().standardizedFileURL.path(percentEncoded: false)
        let prefix = inside.hasSuffix("/") ? inside : inside + "/"
        return file.hasPrefix(prefix)
    }
}
