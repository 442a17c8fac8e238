import Foundation
import MillsCore
import Observation

/// The engine's endgame tables (docs/ai.md, "Tables ready at once"): prepared once per launch
/// into `Application Support/Mills/tables` (excluded from backups) — read and checked,
/// unpacked from the pack the app ships in its bundle the first time (well under a second),
/// or built by the engine on a thread of its own without one — and then used by every game
/// session. `state` is what the Settings line and the puzzles' progress show.
@MainActor
@Observable
final class EndgameTables {
    private(set) var state: TablesState = .notPrepared
    @ObservationIgnored private var started = false
    /// What waits for the preparation to end (a puzzle opened while it ran).
    @ObservationIgnored private var waiting: [@MainActor () -> Void] = []

    /// The pack the app ships, `tables.pack` at the bundle's root (put there by the build
    /// phase of ios/App/project.yml from the same engine as the app); nil where there is none
    /// (the tests on Linux), and the tables are then built.
    nonisolated static var shippedPack: URL? {
        Bundle.main.url(forResource: "tables", withExtension: "pack")
    }

    /// Starts the preparation (once), of the tables up to `maxPieces` a side (the apps' 4;
    /// tests build 3 in seconds), unpacking a missing game from `pack` (a bundle file: the
    /// engine reads it in place). `tablesPrepare` returns at once, but the folder is made and
    /// marked first: a detached task keeps even that off the main thread.
    func start(in directory: URL?, maxPieces: UInt8 = 4, pack: URL? = nil) {
        guard !started, let directory else { return }
        started = true
        // preparing from this moment on: a screen that needs the tables shows the progress
        // and waits, rather than finding them "not ready" before the engine's first report
        state = Self.starting
        let relay = TablesStateRelay(owner: self)
        let packPath = pack?.path(percentEncoded: false)
        Task.detached(priority: .utility) {
            do {
                try Self.makeFolder(directory)
                let preparation = try tablesPrepare(
                    dir: directory.path(percentEncoded: false),
                    maxPieces: maxPieces,
                    listener: relay,
                    pack: packPath
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

    /// The tables are being read, unpacked or built: what needs them waits (`whenSettled`).
    var isPreparing: Bool {
        if case .preparing = state { true } else { false }
    }

    /// Runs `action` once the preparation is over (ready, or failed: the engine then says
    /// what it cannot do), at once if it is not running.
    func whenSettled(_ action: @escaping @MainActor () -> Void) {
        if isPreparing {
            waiting.append(action)
        } else {
            action()
        }
    }

    /// The state between `start` and the engine's first word.
    private static let starting = TablesState.preparing(percent: 0, building: nil)

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
        settleIfFinished()
    }

    /// The state the preparation started in; any report that came before it is newer.
    func receiveFirst(_ first: TablesState) {
        if state == .notPrepared || state == Self.starting { state = first }
        settleIfFinished()
    }

    private func settleIfFinished() {
        guard state.isFinished else { return }
        let actions = waiting
        waiting = []
        actions.forEach { $0() }
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
