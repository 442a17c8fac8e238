@testable import Mills
import Foundation
import Testing

/// When a board screen (the local game, the online game, puzzles, lessons) is drawn wide,
/// the panels beside the board.
struct ScreenShapeTests {
    @Test func iPhoneLandscapeAndIPadLandscapeAreWide() {
        #expect(ScreenShape.isWide(CGSize(width: 750, height: 390)), "an iPhone on its side, inside the safe area")
        #expect(ScreenShape.isWide(CGSize(width: 1180, height: 780)), "an iPad in landscape")
        #expect(!ScreenShape.isWide(CGSize(width: 390, height: 760)), "an iPhone upright")
        #expect(!ScreenShape.isWide(CGSize(width: 820, height: 1100)), "an iPad upright")
    }
}
