@testable import Mills
import Foundation
import MillsCore
import Testing

/// The board as it is drawn: the engine's 24 points on the 7×7 grid, its lines, and where
/// the stable is; scaled to any square.
struct BoardGeometryTests {
    @Test func everyPointHasItsCellAndTheLinesJoinPoints() {
        #expect(BoardGrid.cells.count == 24)
        #expect(BoardGrid.cells["a1"]?.file == 0)
        #expect(BoardGrid.cells["a1"]?.rank == 0)
        #expect(BoardGrid.cells["g7"]?.file == 6)
        #expect(BoardGrid.segments.count == gameInfo(game: .zhiqi).lines.count)
        let ends = Set(BoardGrid.cells.values.map { CGPoint(x: CGFloat($0.file), y: CGFloat($0.rank)) })
        #expect(BoardGrid.segments.allSatisfy { ends.contains($0.0) && ends.contains($0.1) })
        #expect(BoardGrid.hasStable(.linkedHorse))
        #expect(!BoardGrid.hasStable(.zhiqi))
    }

    private func near(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    @Test func theGridScalesToTheSquareWithRankSevenOnTop() {
        let metrics = BoardMetrics(side: 700)
        #expect(abs(metrics.margin - 49) < 1e-9)
        #expect(near(metrics.location(of: "a1"), CGPoint(x: 49, y: 651)))
        #expect(near(metrics.location(of: "g7"), CGPoint(x: 651, y: 49)))
        #expect(near(metrics.location(of: "d4"), metrics.center))
        #expect(metrics.location(of: "z9") == metrics.center, "an unknown point is drawn at the centre")
    }

    @MainActor
    @Test func underReviewTheSceneHasNothingToTap() throws {
        let model = GameModel(session: try manualSession(), announce: { _ in })
        try tap(model, "a1", "g1")
        #expect(model.scene.isLive)
        #expect(model.scene.targets.count == 22)
        model.stepReview(by: -1)
        #expect(!model.scene.isLive)
        #expect(model.scene.targets.isEmpty)
        #expect(model.scene.next == nil)
        #expect(model.boardPieces.pieces.map(\.point) == ["a1"])
        let before = model.status
        try tap(model, "b2")
        #expect(model.notice == .failure(String(localized: "review_tap_refused")))
        #expect(model.status.turn == before.turn)
    }
}
