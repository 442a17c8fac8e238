import Foundation
import MillsCore
import Observation

/// The engine's endgame tables (docs/ai.md, "Shipping the tables"): prepared once per launch
/// into `Application Support/Mills/tables` — read and checked, or built by the engine on a
/// thread of its own the first time — and then used by every game session. `state` is what
/// the Settings line shows.
@MainActor
@Observable
final class EndgameTables {
    fileprivate(set) var state: TablesState = .notPrepared
    @ObservationIgnored private var started = false

    /// Starts the preparation (once). `tablesPrepare` returns at once, but it creates the
    /// directory first: a detached task keeps even that off the main thread.
    func start(in directory: URL?) {
        guard !started, let path = directory?.path(percentEncoded: false) else { return }
        started = true
        let relay = TablesStateRelay(owner: self)
        Task.detached(priority: .utility) {
            do {
                _ = try tablesPrepare(dir: path, maxPieces: 4, listener: relay)
            } catch {
                let reason = String(describing: error)
                await MainActor.run { relay.owner?.state = .failed(reason: reason) }
            }
        }
    }
}

/// Receives the preparation's states on the engine's thread and hands them to the main actor.
final class TablesStateRelay: TablesListener, @unchecked Sendable {
    // Written once in init, only read afterwards: safe from any thread.
    weak var owner: EndgameTables?

    init(owner: EndgameTables) {
        self.owner = owner
    }

    func onTablesState(state: TablesState) {
        let owner = self.owner
        Task { @MainActor in
            owner?.state = state
        }
    }
}
