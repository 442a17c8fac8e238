import CoreGraphics
import MillsCore

/// Where the 24 points sit on the 7×7 drawing grid (from the engine), and the board's
/// drawn segments: the three squares, the four midpoint joins and the four diagonals.
enum BoardGrid {
    /// Grid cell of each point name, read once from the engine.
    static let cells: [String: GridCell] = {
        var cells: [String: GridCell] = [:]
        for name in (try? pointNames()) ?? [] {
            if let cell = try? pointCoordinates(point: name) {
                cells[name] = cell
            }
        }
        return cells
    }()

    /// The 20 drawn segments in grid units (file, rank), each from one end to the other.
    static let segments: [(CGPoint, CGPoint)] = {
        var segments: [(CGPoint, CGPoint)] = []
        for ring in 0..<3 {
            let low = CGFloat(ring), high = CGFloat(6 - ring)
            let corners = [
                CGPoint(x: low, y: low), CGPoint(x: high, y: low),
                CGPoint(x: high, y: high), CGPoint(x: low, y: high),
            ]
            for side in 0..<4 {
                segments.append((corners[side], corners[(side + 1) % 4]))
            }
        }
        let joins: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [
            (3, 0, 3, 2), (3, 4, 3, 6), (0, 3, 2, 3), (4, 3, 6, 3),
            (0, 0, 2, 2), (6, 0, 4, 2), (6, 6, 4, 4), (0, 6, 2, 4),
        ]
        for (x1, y1, x2, y2) in joins {
            segments.append((CGPoint(x: x1, y: y1), CGPoint(x: x2, y: y2)))
        }
        return segments
    }()
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
