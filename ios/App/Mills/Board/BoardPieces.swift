import MillsCore

/// A piece drawn on the board. Its id survives steps and pins, so SwiftUI animates it
/// from point to point and flips it instead of redrawing it.
struct BoardPiece: Identifiable, Equatable {
    let id: Int
    var owner: Player
    var point: String
    /// Grows with every pin of this piece; the view turns it over once per pin.
    var flips = 0
}

/// A piece on its way off the board, drawn for the length of its animation.
struct LeavingPiece: Identifiable, Equatable {
    enum Kind: Equatable {
        /// Captured or pulled: it shrinks and fades where it stood.
        case removed
        /// Linked-Horse: it slides into the stable at the centre.
        case stabled
    }

    let id: Int
    let owner: Player
    let point: String
    let kind: Kind
}

/// What one engine change did on the board, for announcements and feedback.
enum BoardMotion: Equatable {
    case placed(String, by: Player)
    case stepped(from: String, to: String, by: Player)
    case pinned(String, by: Player)
    /// A capture, or a pull (Zhi Qi, blocked) when `pull`.
    case removed(String, by: Player, pull: Bool)
    /// Linked-Horse: the piece that arrived at the point went to the stable.
    case stabled(String, by: Player)
}

/// The pieces on screen, moved by the engine's board changes.
///
/// The engine decides everything and says what each action did (`BoardChange`); this only
/// gives pieces an identity for animation: a placement appears, a step slides, a pin flips,
/// a capture, pull or stabling leaves. The snapshot the changes lead to always wins.
struct BoardPieces: Equatable {
    private(set) var onBoard: [String: BoardPiece] = [:]
    private(set) var leaving: [LeavingPiece] = []
    private var nextID = 0

    /// The pieces of a snapshot, with no animation.
    init(snapshot: Snapshot) {
        reconcile(with: snapshot.points)
    }

    /// The pieces of a position under review, with no animation.
    init(points: [PointState]) {
        reconcile(with: points)
    }

    var pieces: [BoardPiece] {
        onBoard.values.sorted { $0.id < $1.id }
    }

    /// Applies the engine's changes (oldest first) that led to `snapshot`, and returns what
    /// they did. A reset redraws the board from its own snapshot without animation. Without a
    /// snapshot (the first part of changes whose end comes with the rest: a lesson's move
    /// before the scripted reply) the pieces only follow the changes.
    @discardableResult
    mutating func apply(_ changes: [BoardChange], reaching snapshot: Snapshot?) -> [BoardMotion] {
        var motions: [BoardMotion] = []
        for boardChange in changes {
            switch boardChange.change {
            case .placed(let point, let player):
                if onBoard[point] == nil { add(player, at: point) }
                motions.append(.placed(point, by: player))
            case .stepped(let from, let to, let player):
                if var piece = onBoard[from] {
                    onBoard[from] = nil
                    piece.point = to
                    onBoard[to] = piece
                }
                motions.append(.stepped(from: from, to: to, by: player))
            case .pinned(let point, let player):
                if var piece = onBoard[point] {
                    piece.owner = player
                    piece.flips += 1
                    onBoard[point] = piece
                }
                motions.append(.pinned(point, by: player))
            case .captured(let point, let player):
                leave(point, as: .removed)
                motions.append(.removed(point, by: player, pull: false))
            case .pulled(let point, let player):
                leave(point, as: .removed)
                motions.append(.removed(point, by: player, pull: true))
            case .stabled(let point, let player):
                leave(point, as: .stabled)
                motions.append(.stabled(point, by: player))
            case .passed:
                break
            case .reset(let resetSnapshot):
                onBoard = [:]
                reconcile(with: resetSnapshot.points)
                motions.removeAll()
            }
        }
        if let snapshot {
            reconcile(with: snapshot.points)
        }
        return motions
    }

    /// Forgets pieces whose leaving animation is over.
    mutating func removeLeaving(_ ids: Set<Int>) {
        leaving.removeAll { ids.contains($0.id) }
    }

    /// How long a leaving piece stays drawn: a little longer than its animation in
    /// `LeavingPieceView` (0.55 s), so the fade always ends before it goes.
    static let leavingTime: Duration = .milliseconds(700)

    /// Once the pieces leaving now have played their animation, calls `remove` with their
    /// ids; the owner then removes them (`removeLeaving`) from its current pieces, which may
    /// have changed meanwhile. Nothing is scheduled when no piece is leaving.
    @MainActor
    func afterLeaving(_ remove: @escaping @MainActor (Set<Int>) -> Void) {
        let ids = Set(leaving.map(\.id))
        guard !ids.isEmpty else { return }
        Task { @MainActor in
            try? await Task.sleep(for: Self.leavingTime)
            remove(ids)
        }
    }

    /// Shows another position under review: pieces that stay keep their identity, the
    /// others appear or leave, without motions.
    mutating func match(_ points: [PointState]) {
        reconcile(with: points)
    }

    /// Makes the board match `points` (the snapshot's, which win over anything drawn),
    /// without animation.
    private mutating func reconcile(with points: [PointState]) {
        var owners: [String: Player] = [:]
        for point in points {
            if let owner = point.owner {
                owners[point.name] = owner
            }
        }
        for (point, piece) in onBoard where owners[point] != piece.owner {
            onBoard[point] = nil
        }
        for (point, owner) in owners where onBoard[point] == nil {
            add(owner, at: point)
        }
    }

    private mutating func leave(_ point: String, as kind: LeavingPiece.Kind) {
        guard let piece = onBoard[point] else { return }
        onBoard[point] = nil
        leaving.append(LeavingPiece(id: piece.id, owner: piece.owner, point: point, kind: kind))
    }

    private mutating func add(_ owner: Player, at point: String) {
        nextID += 1
        onBoard[point] = BoardPiece(id: nextID, owner: owner, point: point)
    }
}
