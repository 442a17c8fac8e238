@testable import Mills
import XCTest

final class ActionLogTests: XCTestCase {
    func testNewActionsAreTheOnesAddedAtTheEnd() {
        var log = ActionLog(actions: ["d6", "a7"])
        XCTAssertEqual(log.advance(to: ["d6", "a7", "d5", "xa7"]), ["d5", "xa7"])
        XCTAssertEqual(log.actions, ["d6", "a7", "d5", "xa7"])
        XCTAssertEqual(log.advance(to: ["d6", "a7", "d5", "xa7"]), [])
    }

    func testAGameThatWentBackAnimatesNothing() {
        var log = ActionLog(actions: ["d6", "a7"])
        XCTAssertNil(log.advance(to: ["d6"]))
        XCTAssertNil(log.advance(to: ["g1"]))
        XCTAssertEqual(log.actions, ["g1"])
    }
}
