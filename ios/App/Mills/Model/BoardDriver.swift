import MillsCore

/// The one reader of a board's changes, whichever session is behind it (a game, a lesson, a
/// puzzle, an online room): each `read()` asks the engine for the changes since the revision
/// read last and the snapshot they lead to, at one moment, so nothing is ever guessed from
/// two snapshots.
///
/// It follows one board at a time, from the snapshot that board shows when it is followed:
/// after `follow(_:)`, nothing of the board followed before is ever read again, so no change
/// of one session (or room) is drawn on the next.
struct BoardDriver {
    private var board: BoardSession
    /// The revision read last: the next read asks for the changes after it.
    private(set) var revision: UInt64
    /// The snapshot read last.
    private(set) var snapshot: Snapshot

    /// Follows `board` from the snapshot it shows now (nothing to animate until it changes).
    init(following board: BoardSession) {
        let snapshot = board.snapshot()
        self.board = board
        self.snapshot = snapshot
        revision = snapshot.revision
    }

    /// Follows `next` instead, from the snapshot it shows now.
    mutating func follow(_ next: BoardSession) {
        self = BoardDriver(following: next)
    }

    /// The changes since the last read, oldest first, and the snapshot they lead to.
    mutating func read() -> ChangeBatch {
        let batch = board.changesSince(revision: revision)
        revision = batch.revision
        snapshot = batch.snapshot
        return batch
    }
}
