import MillsCore

/// Receives the session's events on the engine's threads (the computer's, the timer's) and
/// hands them to the game model on the main actor. It never touches the UI itself.
final class SessionEventRelay: SessionListener, @unchecked Sendable {
    // Written once in init, only read afterwards: safe from any thread.
    private weak var model: GameModel?

    init(model: GameModel) {
        self.model = model
    }

    func onEvent(event: SessionEvent) {
        let model = self.model
        Task { @MainActor in
            model?.handle(event)
        }
    }
}
