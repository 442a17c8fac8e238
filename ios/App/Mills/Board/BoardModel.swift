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
    func tap(_ point: PointState)
}

extension GameModel: BoardModel {}
