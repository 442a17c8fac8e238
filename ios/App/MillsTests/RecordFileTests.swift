@testable import Mills
import Foundation
import Testing

/// A game record shared with the app as a file: read (up to the limit), and removed only when
/// it really is in the Inbox iOS copied it to, however the path is spelled.
struct RecordFileTests {
    private let record = "mills-record 1\ngame: zhiqi\n\n1. P1 d7\n"

    private func folders() throws -> (inbox: URL, outside: URL) {
        let root = try TemporaryFolder.make("inbox")
        let inbox = root.appending(path: "Documents/Inbox", directoryHint: .isDirectory)
        let outside = root.appending(path: "Library/Application Support/Mills", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return (inbox, outside)
    }

    @Test func aFileInTheInboxIsReadAndRemoved() throws {
        let (inbox, _) = try folders()
        let file = inbox.appending(path: "game.txt")
        try Data(record.utf8).write(to: file)
        #expect(try RecordFile.text(at: file, inbox: inbox) == record)
        #expect(!FileManager.default.fileExists(atPath: file.path(percentEncoded: false)))
    }

    @Test func aFileElsewhereIsReadAndKept() throws {
        let (inbox, outside) = try folders()
        let file = outside.appending(path: "game.txt")
        try Data(record.utf8).write(to: file)
        #expect(try RecordFile.text(at: file, inbox: inbox) == record)
        #expect(FileManager.default.fileExists(atPath: file.path(percentEncoded: false)))
    }

    @Test func aLinkInsideTheInboxToAnotherFolderDoesNotGetThatFolderDeleted() throws {
        let (inbox, outside) = try folders()
        let autosave = outside.appending(path: "autosave.json")
        try Data("{}".utf8).write(to: autosave)
        try FileManager.default.createSymbolicLink(at: inbox.appending(path: "elsewhere"), withDestinationURL: outside)
        let throughLink = inbox.appending(path: "elsewhere/autosave.json")
        // Spelled as a path in the Inbox, yet the file is the autosave: it must survive.
        #expect(throughLink.standardizedFileURL.path.hasPrefix(inbox.standardizedFileURL.path))
        #expect(try RecordFile.text(at: throughLink, inbox: inbox) == "{}")
        #expect(FileManager.default.fileExists(atPath: autosave.path(percentEncoded: false)))
        #expect(!RecordFile.isInside(throughLink, inbox))
    }

    @Test func theInboxReachedThroughALinkIsStillTheInbox() throws {
        let (inbox, _) = try folders()
        // As /var is a link to /private/var on iOS: the same Inbox under another spelling.
        let link = try TemporaryFolder.make("link").appending(path: "documents")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: inbox.deletingLastPathComponent())
        let file = inbox.appending(path: "shared.txt")
        try Data(record.utf8).write(to: file)
        let spelledThroughLink = link.appending(path: "Inbox/shared.txt")
        #expect(RecordFile.isInside(spelledThroughLink, inbox))
        _ = try RecordFile.text(at: spelledThroughLink, inbox: inbox)
        #expect(!FileManager.default.fileExists(atPath: file.path(percentEncoded: false)))
    }

    @Test func aHugeFileIsReadOnlyUpToTheLimit() throws {
        let (inbox, outside) = try folders()
        let file = outside.appending(path: "huge.txt")
        try Data(repeating: UInt8(ascii: "a"), count: RecordFile.readLimit + 1000).write(to: file)
        #expect(try RecordFile.text(at: file, inbox: inbox).utf8.count == RecordFile.readLimit)
    }

    @MainActor
    @Test func aFileFromTheInboxOpensThroughTheApp() throws {
        let (inbox, _) = try folders()
        let model = GameModel(session: try manualSession(.zhiqi), announce: { _ in })
        try tap(model, "d7", "e3")
        model.resign()
        let file = inbox.appending(path: "shared.txt")
        try Data(try model.exportRecord().utf8).write(to: file)
        let app = AppModel(locations: try temporaryLocations(), announce: { _ in }, preparesTables: false)
        app.openRecord(try RecordFile.text(at: file, inbox: inbox))
        #expect(app.recordError == nil)
        #expect(app.game?.game == .zhiqi)
        #expect(app.game?.review.turns.prefix(2).map(\.notation) == ["d7", "e3"])
        #expect(app.game?.review.isReviewing == true)
    }
}
