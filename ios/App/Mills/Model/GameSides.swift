import MillsCore

/// What a player's panel shows of one side: its counters (at the turn shown, under review),
/// whether it is to move, its turn timer and the computer's spinner (the live game only).
extension GameModel {
    func side(_ player: Player) -> SideState {
        if let position = review.position {
            return player == .p1 ? position.p1 : position.p2
        }
        return player == .p1 ? snapshot.p1 : snapshot.p2
    }

    func isToMove(_ player: Player) -> Bool {
        if let position = review.position {
            return position.toMove == player && position.outcome == nil
        }
        return snapshot.toMove == player && !isOver
    }

    /// The turn timer drawn around `player`: the live game's, while it is that side's turn.
    func clock(of player: Player) -> TurnClock? {
        guard !review.isReviewing, isToMove(player), let clock, clock.player == player else { return nil }
        return clock
    }

    /// The computer is thinking for `player` in the live game.
    func isThinking(_ player: Player) -> Bool {
        !review.isReviewing && side(player).isComputer && snapshot.computerThinking && isToMove(player)
    }

    /// The side drawn below the board: the human against the computer, White otherwise.
    var nearPlayer: Player { humanPlayer ?? .p1 }

    var farPlayer: Player { nearPlayer == .p1 ? .p2 : .p1 }
}
