import Foundation
import MillsCore

/// Where the 24 points sit on the 7×7 drawing grid and the board's drawn lines, as the
/// engine describes them (`gameInfo`). The three games share one board (RULES.md §1), so the
/// first game's is drawn for all; nothing here is a table of its own.
enum BoardGrid {
    private static let info: GameInfo = games()[0]

    /// The games whose board shows a stable (Linked-Horse), from the engine's facts.
    private static let gamesWithStable: Set<GameId> = Set(games().filter { $0.stableCell != nil }.map(\.game))

    static func hasStable(_ game: GameId) -> Bool {
        gamesWithStable.contains(game)
    }

    /// Grid cell of each point name.
    static let cells: [String: GridCell] = Dictionary(
        uniqueKeysWithValues: info.points.map { ($0.name, $0.cell) }
    )

    /// The drawn segments in grid units (file, rank): each engine line from end to end.
    static let segments: [(CGPoint, CGPoint)] = info.lines.compactMap { line in
        guard let first = line.first.flatMap({ cells[$0] }), let last = line.last.flatMap({ cells[$0] }) else {
            return nil
        }
        return (
            CGPoint(x: CGFloat(first.file), y: CGFloat(first.rank)),
            CGPoint(x: CGFloat(last.file), y: CGFloat(last.rank))
        )
    }
}

/// Maps grid units to view coordinates in a square of side `side` (rank 7 at the top).
struct BoardMetrics {
    let side: CGFloat

    var margin: CGFloat { side * 0.07 }
    var step: CGFloat { (side - 2 * margin) / 6 }
    var pieceDiameter: CGFloat { step * 0.72 }
    var center: CGPoint { CGPoint(x: side / 2, y: side / 2) }

    func location(file: CGFloat, rank: CGFloat) -> CGPoint {
        CGPoint(x: margin + file * step, y: side - margin - rank * step)
    }

    func location(of point: String) -> CGPoint {
        guard let cell = BoardGrid.cells[point] else { return center }
        return location(file: CGFloat(cell.file), rank: CGFloat(cell.rank))
    }

    func location(_ gridPoint: CGPoint) -> CGPoint {
        location(file: gridPoint.x, rank: gridPoint.y)
    }
}
