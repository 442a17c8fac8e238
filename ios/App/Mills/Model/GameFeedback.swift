/// Counters that grow with what the player should feel or hear; haptics and sounds are
/// triggered by their changes.
struct GameFeedback: Equatable {
    /// Placements and steps shown.
    var moves = 0
    /// Captures, pins, pulls and stablings shown.
    var removals = 0
    /// Taps the engine refused.
    var refusals = 0
    /// Games that ended.
    var endings = 0
    /// The point of the last refused tap, to shake it.
    var refusedPoint: String?

    /// Counts the motions a batch of changes shows (a game's or a lesson's board).
    mutating func count(_ motions: [BoardMotion]) {
        for motion in motions {
            switch motion {
            case .placed, .stepped: moves += 1
            case .pinned, .removed, .stabled: removals += 1
            }
        }
    }
}
