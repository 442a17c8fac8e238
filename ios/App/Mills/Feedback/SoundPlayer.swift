import AudioToolbox

/// Short system sounds for the board: a click for a move, a deeper one for a removal, a
/// chime at the end. They follow the ring/silent switch.
enum SoundPlayer {
    private static let move: SystemSoundID = 1104
    private static let removal: SystemSoundID = 1105
    private static let ending: SystemSoundID = 1025

    /// Plays the sound of what changed between two feedback states, the strongest only.
    static func play(for old: GameFeedback, to new: GameFeedback) {
        if new.endings > old.endings {
            AudioServicesPlaySystemSound(ending)
        } else if new.removals > old.removals {
            AudioServicesPlaySystemSound(removal)
        } else if new.moves > old.moves {
            AudioServicesPlaySystemSound(move)
        }
    }
}
