import Foundation
import MillsCore
import Observation

/// The engine's endgame tables (docs/ai.md, "Shipping the tables"): prepared once per launch
/// into `Application Support/Mills/tables` (excluded from backups) — read and checked, or
/// built by the engine on a thread of its own the first time and whenever they are missing
/// — and then used by every game session. `state` is what the Settings line shows.
@MainActor
@Observable
final class EndgameTables {
    private(set) var state: TablesState = .notPrepared
    @ObservationIgnored private var started = false

    /// Starts the preparation (once), of the tables up to `maxPieces` a side (the apps' 4;
    /// tests build 3 in seconds). `tablesPrepare` returns at once, but the folder is made
    /// and marked first: a detached task keeps even that off the main thread.
    func start(in directory: URL?, maxPieces: UInt8 = 4) {
        guard !started, let directory else { return }
        started = true
        let relay = TablesStateRelay(owner: self)
        Task.detached(priority: .utility) {
            do {
                try Self.makeFolder(directory)
                let preparation = try tablesPrepare(
                    dir: directory.path(percentEncoded: false),
                    maxPieces: maxPieces,
                    listener: relay
                )
                // the listener hears changes only: the state it starts in ("preparing", or
                // "ready" when the files were there) is read here, unless a report came first
                let first = preparation.state()
                await MainActor.run { relay.owner?.receiveFirst(first) }
            } catch {
                let reason = String(describing: error)
                await MainActor.run { relay.owner?.receive(.failed(reason: reason)) }
            }
        }
    }

    /// Makes the tables' folder if it is missing (the engine then builds the tables again)
    /// and excludes it from iCloud and device backups: 17.6 MB the engine can rebuild, which
    /// Apple asks apps not to back up. Marked at every launch, as a restored or recreated
    /// folder does not keep the mark.
    nonisolated static func makeFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var marked = folder
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try marked.setResourceValues(values)
    }

    /// A state of the preparation. Each arrives in an unstructured task of its own, and
    /// nothing promises that such tasks reach the main actor in the order they were started,
    /// so a late progress report never replaces the preparation's last word (Ready, Failed):
    /// there is one preparation per launch.
    func receive(_ new: TablesState) {
        if state.isFinished, !new.isFinished { return }
        state = new
    }

    /// The state the preparation started in; any report that came before it is newer.
    func receiveFirst(_ first: TablesState) {
        if case .notPrepared = state { state = first }
    }
}

extension TablesState {
    /// The Settings line for this state, in the app's language.
    var localizedLine: String? {
        switch self {
        case .notPrepared:
            nil
        case .preparing(let percent, _):
            String(localized: "tables_preparing \(Int(percent))")
        case .ready:
            String(localized: "tables_ready")
        case .cancelled, .failed:
            String(localized: "tables_unavailable")
        }
    }
}

extension TablesState {
    /// Ready, cancelled or failed: the preparation is over.
    fileprivate var isFinished: Bool {
        switch self {
        case .ready, .cancelled, .failed: true
        case .notPrepared, .preparing: false
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
            owner?.receive(state)
        }
    }
}
