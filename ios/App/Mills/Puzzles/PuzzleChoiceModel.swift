import Foundation
import MillsCore
import Observation

/// Free choice: one game's puzzles of a grade, easiest first, with the ones solved ticked; a
/// puzzle opens with the next of the list as its Next. Only the grades the game has puzzles
/// of are offered (Zhi Qi has no easy one): an empty grade would be a dead end.
@MainActor
@Observable
final class PuzzleChoiceModel {
    let game: GameId
    private(set) var grade: PuzzleGrade
    private(set) var puzzles: [PuzzleInfo]
    /// The grades the game has puzzles of, easiest first: the only ones offered.
    let grades: [PuzzleGrade]
    /// The grades the game has no puzzle of, easiest first (the screen says why they are missing).
    let missingGrades: [PuzzleGrade]
    private(set) var solvedIds: Set<String> = []
    /// Why a puzzle could not open (its game's endgame tables not ready yet).
    private(set) var error: String?
    /// A puzzle opened while the tables were being prepared, waiting for them.
    let tablesWait = TablesWait()

    @ObservationIgnored let stats: PuzzleStatsStore?
    @ObservationIgnored private let announce: Announce

    /// Opens on `grade` (the player's last choice) if the game has puzzles of it, else on the
    /// easiest grade it has.
    init(game: GameId, grade: PuzzleGrade? = nil, stats: PuzzleStatsStore? = PuzzleStatsStore.standard, announce: @escaping Announce) {
        self.game = game
        let counts = PuzzleCatalog.gradeCounts(game)
        grades = counts.filter { $0.count > 0 }.map(\.grade)
        missingGrades = counts.filter { $0.count == 0 }.map(\.grade)
        let opening = PuzzleCatalog.openingGrade(game, preferred: grade) ?? .easy
        self.grade = opening
        self.stats = stats
        self.announce = announce
        puzzles = PuzzleCatalog.choice(game, grade: opening)
        reload()
    }

    /// The easiest grade offered, which the note about the missing grades names.
    var easiestGrade: PuzzleGrade? {
        grades.first
    }

    func select(_ newGrade: PuzzleGrade) {
        guard grades.contains(newGrade) else { return }
        grade = newGrade
        puzzles = PuzzleCatalog.choice(game, grade: newGrade)
    }

    func isSolved(_ puzzle: PuzzleInfo) -> Bool {
        solvedIds.contains(puzzle.id)
    }

    /// Reads the solved ticks again (after a puzzle).
    func reload() {
        solvedIds = Set(stats?.game(game)?.solvedIds ?? [])
    }

    /// Opens `puzzle` (as `open(_:)`) once `tables` are ready, and hands its model to `show`;
    /// meanwhile `tablesWait` says it waits (the screen shows the tables' progress).
    func open(_ puzzle: PuzzleInfo, after tables: EndgameTables?, show: @escaping @MainActor (PuzzleModel) -> Void) {
        error = nil
        tablesWait.run(after: tables) { [weak self] in
            if let model = self?.open(puzzle) { show(model) }
        }
    }

    /// A model of `puzzle` whose Next is the puzzle after it in this list; nil (and `error`
    /// says why) when the engine cannot start it.
    func open(_ puzzle: PuzzleInfo) -> PuzzleModel? {
        let list = puzzles
        do {
            let model = try PuzzleModel(
                puzzle: puzzle,
                stats: stats,
                next: { PuzzleCatalog.next(after: $0, in: list) },
                announce: announce
            )
            error = nil
            return model
        } catch {
            self.error = userMessage(for: error)
            return nil
        }
    }
}
