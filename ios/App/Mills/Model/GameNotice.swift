import MillsCore

/// A short message over the board: why a tap did nothing, a turn that timed out, a file
/// that could not be written.
enum GameNotice: Equatable {
    case refused(Refusal)
    case timedOut(Player)
    case saveFailed(String)
    case failure(String)
}
