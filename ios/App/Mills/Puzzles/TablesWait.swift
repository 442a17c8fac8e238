import Foundation
import Observation

/// A puzzle (or a rush) the player opened while the endgame tables were still being prepared:
/// it waits for them, the screen showing their progress, and opens by itself once they are
/// done. Opened at once when they are not being prepared (ready, or failed: the engine then
/// says why the puzzle cannot open).
@MainActor
@Observable
final class TablesWait {
    private(set) var isWaiting = false
    /// Counts the requests: only the last one opens, and none after `cancel`.
    @ObservationIgnored private var request = 0

    func run(after tables: EndgameTables?, _ open: @escaping @MainActor () -> Void) {
        request += 1
        guard let tables, tables.isPreparing else {
            isWaiting = false
            return open()
        }
        isWaiting = true
        let mine = request
        tables.whenSettled { [weak self] in
            guard let self, self.isWaiting, self.request == mine else { return }
            self.isWaiting = false
            open()
        }
    }

    /// The player left: nothing opens behind their back.
    func cancel() {
        request += 1
        isWaiting = false
    }
}
