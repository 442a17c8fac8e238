import MillsCore

/// The session configuration that the stored settings describe for one new game.
struct SessionSettings {
    var humanSide: HumanSide
    var level: Int
    var timer: TimerChoice

    func config(for game: GameId, mode: PlayMode) -> SessionConfig {
        SessionConfig(game: game, mode: gameMode(mode), timer: timer.turnTimer)
    }

    private func gameMode(_ mode: PlayMode) -> GameMode {
        switch mode {
        case .vsComputer: .vsComputer(computer: humanSide.computer, level: UInt8(clamping: level))
        case .passAndPlay: .passAndPlay
        }
    }
}
