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

/// What one replayed action did on the board, for announcements.
enum BoardMotion: Equatable {
    case placed(String, by: Player)
    case stepped(from: String, to: String, by: Player)
    case pinned(String, by: Player)
    /// A capture, or a pull (Zhi Qi, blocked) when `pull`.
    case removed(String, by: Player, pull: Bool)
    /// Linked-Horse: the piece that arrived at the point went to the stable.
    case stabled(String, by: Player)
}

/// The pieces on screen, kept in step with the engine's snapshots.
///
/// The engine decides everything; this only gives pieces an identity for animation. New
/// actions are replayed as motions (a placement appears, a step slides, a pin flips, a
/// removal leaves), then the result is reconciled with the snapshot, which always wins.
struct BoardPieces: Equatable {
    private(set) var onBoard: [String: BoardPiece] = [:]
    private(set) var leaving: [LeavingPiece] = []
    private var nextID = 0

    /// The pieces of a snapshot, with no animation.
    init(snapshot: Snapshot) {
        reconcile(with: snapshot, animated: false)
    }

    var pieces: [BoardPiece] {
        onBoard.values.sorted { $0.id < $1.id }
    }

    /// Replays `actions` (notation: `d6`, `d6-d5`, `xd7`, `pass`) that led to `snapshot`,
    /// and returns what they did.
    @discardableResult
    mutating func play(_ actions: [String], reaching snapshot: Snapshot) -> [BoardMotion] {
        let finalOwners = Self.owners(of: snapshot)
        let mover = snapshot.lastTurnPlayer ?? snapshot.toMove
        // Where the new actions start in the turn shown (a pull opens a turn).
        let turnStart = snapshot.lastTurn.count - actions.count
        var motions: [BoardMotion] = []
        for (offset, action) in actions.enumerated() {
            let later = actions.dropFirst(offset + 1)
            let opensTurn = turnStart >= 0 && turnStart + offset == 0
            let isPull = opensTurn && snapshot.config.game == .zhiqi && snapshot.phase == .moving
            if let motion = apply(action, later: later, finalOwners: finalOwners, mover: mover, isPull: isPull) {
                motions.append(motion)
            }
        }
        let before = Set(leaving.map(\.id))
        reconcile(with: snapshot, animated: true)
        for piece in leaving where !before.contains(piece.id) && piece.kind == .stabled {
            motions.append(.stabled(piece.point, by: piece.owner))
        }
        return motions
    }

    /// Makes the board match `snapshot`; with `animated`, pieces that vanished leave
    /// with an animation (into the stable in Linked-Horse, otherwise removed).
    mutating func reconcile(with snapshot: Snapshot, animated: Bool) {
        let finalOwners = Self.owners(of: snapshot)
        let exit: LeavingPiece.Kind = snapshot.config.game == .linkedHorse ? .stabled : .removed
        for (point, piece) in onBoard where finalOwners[point] != piece.owner {
            onBoard[point] = nil
            if animated {
                leaving.append(LeavingPiece(id: piece.id, owner: piece.owner, point: point, kind: exit))
            }
        }
        for (point, owner) in finalOwners where onBoard[point] == nil {
            add(owner, at: point)
        }
    }

    /// Forgets pieces whose leaving animation is over.
    mutating func removeLeaving(_ ids: Set<Int>) {
        leaving.removeAll { ids.contains($0.id) }
    }

    private mutating func apply(
        _ action: String,
        later: ArraySlice<String>,
        finalOwners: [String: Player],
        mover: Player,
        isPull: Bool
    ) -> BoardMotion? {
        let touchedLater = { (point: String) in later.contains { Self.points(of: $0).contains(point) } }
        if action == "pass" {
            return nil
        }
        if action.hasPrefix("x") {
            let point = String(action.dropFirst())
            guard var piece = onBoard[point] else { return nil }
            if !touchedLater(point), let newOwner = finalOwners[point], newOwner != piece.owner {
                // A pin (Zhi Qi, placing): the point changes colour.
                piece.owner = newOwner
                piece.flips += 1
                onBoard[point] = piece
                return .pinned(point, by: newOwner)
            }
            onBoard[point] = nil
            leaving.append(LeavingPiece(id: piece.id, owner: piece.owner, point: point, kind: .removed))
            return .removed(point, by: piece.owner == .p1 ? .p2 : .p1, pull: isPull)
        }
        let parts = action.split(separator: "-").map(String.init)
        if parts.count == 2 {
            guard var piece = onBoard[parts[0]], onBoard[parts[1]] == nil else { return nil }
            onBoard[parts[0]] = nil
            piece.point = parts[1]
            onBoard[parts[1]] = piece
            return .stepped(from: parts[0], to: parts[1], by: piece.owner)
        }
        guard onBoard[action] == nil else { return nil }
        let owner = touchedLater(action) ? mover : finalOwners[action] ?? mover
        add(owner, at: action)
        return .placed(action, by: owner)
    }

    private mutating func add(_ owner: Player, at point: String) {
        nextID += 1
        onBoard[point] = BoardPiece(id: nextID, owner: owner, point: point)
    }

    private static func owners(of snapshot: Snapshot) -> [String: Player] {
        var owners: [String: Player] = [:]
        for point in snapshot.points {
            if let owner = point.owner {
                owners[point.name] = owner
            }
        }
        return owners
    }

    /// The points an action names: `d6` → [d6], `d6-d5` → [d6, d5], `xd7` → [d7].
    private static func points(of action: String) -> [String] {
        let body = action.hasPrefix("x") ? String(action.dropFirst()) : action
        return body.split(separator: "-").map(String.init)
    }
}
