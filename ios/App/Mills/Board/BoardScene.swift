import MillsCore

/// What the board draws: the live game's snapshot, or a position under review (the
/// engine's `reviewPosition`), which has no targets, no selection and nothing to tap.
struct BoardScene {
    let points: [PointState]
    /// What a tap does next; nil under review, where nothing on the board can be tapped.
    let next: NextStep?
    let lastTurnPoints: [String]
    /// The mills the last change made (the live game only: a review shows pieces in mills).
    let linesFormed: [[String]]
    let selected: String?
    /// Linked-Horse: the pieces each side has in the stable.
    let stableP1: Int
    let stableP2: Int

    var isLive: Bool { next != nil }

    init(snapshot: Snapshot) {
        points = snapshot.points
        next = snapshot.next
        lastTurnPoints = snapshot.lastTurnPoints
        linesFormed = snapshot.linesFormed
        selected = snapshot.selected
        stableP1 = Int(snapshot.p1.stable)
        stableP2 = Int(snapshot.p2.stable)
    }

    init(review: ReviewPosition) {
        points = review.points
        next = nil
        lastTurnPoints = review.lastTurnPoints
        linesFormed = []
        selected = nil
        stableP1 = Int(review.p1.stable)
        stableP2 = Int(review.p2.stable)
    }

    /// The points a tap would act on.
    var targets: [String] {
        points.filter(\.target).map(\.name)
    }
}
