import MillsCore

/// What `BoardView` draws and where its taps go: a game (`GameModel`) or a lesson
/// (`LessonModel`). Both hold the engine's snapshot and the pieces its changes moved; the
/// engine decides what a tap means.
@MainActor
protocol BoardModel: AnyObject {
    var game: GameId { get }
    var snapshot: Snapshot { get }
    var pieces: BoardPieces { get }
    var feedback: GameFeedback { get }
    var names: PlayerNames { get }
    /// What the board draws now: the live position, or a position under review.
    var scene: BoardScene { get }
    /// The pieces drawn with `scene`.
    var boardPieces: BoardPieces { get }
    /// The hint drawn on the live board, if one was asked for.
    var boardHint: Hint? { get }
    var isReviewing: Bool { get }
    func tap(_ point: PointState)
    /// Steps the review by `delta` turns (negative: back); a model without review ignores it.
    func stepReview(by delta: Int)
}

extension GameModel: BoardModel {
    var boardHint: Hint? { advisor.hint }
    var isReviewing: Bool { review.isReviewing }
}
