@testable import Mills
import MillsCore
import XCTest

/// Every engine error reads as a sentence from the String Catalog, never as the enum case.
final class MillsErrorTextTests: XCTestCase {
    private let everyError: [MillsError] = [
        .InvalidPoint(point: "h9"),
        .InvalidLevel(level: 11),
        .GameOver,
        .NothingToUndo,
        .NothingToRedo,
        .NotComputersTurn,
        .CorruptSave(reason: "expected value"),
        .UnknownSaveVersion(found: 7, supported: 1),
        .IllegalSavedAction(index: 4, action: "d6", reason: "d6 is occupied"),
        .Io(reason: "permission denied"),
        .NotAvailable(reason: "manual clock"),
        .Internal(reason: "boom"),
        .TablesNotReady(game: .zhiqi),
        .InvalidDate(year: 2026, month: 2, day: 30),
    ]

    func testEveryErrorHasItsOwnSentence() {
        let messages = everyError.map(\.localizedMessage)
        XCTAssertEqual(Set(messages).count, messages.count, "\(messages)")
        for message in messages {
            XCTAssertFalse(message.isEmpty)
            XCTAssertFalse(message.hasPrefix("error_"), "no catalog entry: \(message)")
            XCTAssertFalse(message.contains("MillsError"), message)
        }
    }

    func testArgumentsArePartOfTheSentence() {
        XCTAssertTrue(everyError[0].localizedMessage.contains("h9"))
        XCTAssertTrue(everyError[8].localizedMessage.contains("5"))
        XCTAssertFalse(everyError[9].localizedMessage.contains("permission denied"))
        XCTAssertEqual(userMessage(for: MillsError.NothingToUndo), MillsError.NothingToUndo.localizedMessage)
    }
}
