import Foundation

/// Whether a screen with a board is drawn tall (the board between the panels) or wide (the
/// panels in a column beside the board): wide on an iPad in landscape and an iPhone on its
/// side, tall otherwise. One rule for the local game, the online game, puzzles and lessons,
/// so that they turn together.
enum ScreenShape {
    /// Wide: at least 600 points across and clearly wider than tall, so that the board,
    /// whose size is the height, leaves room for a column of panels beside it.
    static func isWide(_ size: CGSize) -> Bool {
        size.width >= 600 && size.width > size.height * 1.15
    }
}
