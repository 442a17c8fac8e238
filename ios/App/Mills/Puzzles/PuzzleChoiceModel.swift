import Foundation
import MillsCore
import Observation

/// The kind choice beside the grade: both kinds, the endgames or the tactics.
enum PuzzleKindChoice: CaseIterable, Hashable {
    case all, endgames, tactics

    /// The kind it lists; nil for both.
    var kind: PuzzleKind? {
        switch self {
        case .all: nil
        case .endgames: .endgame
        case .tactics: .tactic
        }
    }
}

/// Free choice: one game's puzzles of a kind (or both) and a grade, easiest first, with the
/// ones solved ticked; a puzzle opens with the next of the list as its Next. Only the grades
/// the game has puzzles of are offered (Zhi Qi has no easy one): an empty grade would be a
/// dead end. A kind the game has no puzzle of is said in words (`noneOfKind`).
@MainActor
@Observable
final class PuzzleChoiceModel {
    let game: GameId
    private(set) var kindChoice: PuzzleKindChoice
    private(set) var grade: PuzzleGrade
    private(set) var puzzles: [PuzzleInfo]
    /// The grades the game has puzzles of (of the kind chosen), easiest first: the only ones offered.
    private(set) var grades: [PuzzleGrade]
    /// The grades the game has no puzzle of, easiest first (the screen says why they are missing).
    private(set) var missingGrades: [PuzzleGrade]
    private(set) var solvedIds: Set<String> = []
    /// Why a puzzle could not open (its game's endgame tables not ready yet).
    private(set) var error: String?
    /// A puzzle opened while the tables were being prepared, waiting for them.
    let tablesWait = TablesWait()

    @ObservationIgnored let stats: PuzzleStatsStore?
    @ObservationIgnored private let announce: Announce

    /// Opens on `kind` and on `grade` (the player's last choice) if the game has puzzles of
    /// it, else on the easiest grade it has.
    init(
        game: GameId,
        grade: PuzzleGrade? = nil,
        kind: PuzzleKindChoice = .all,
        stats: PuzzleStatsStore? = PuzzleStatsStore.standard,
        announce: @escaping Announce
    ) {
        self.game = game
        let listing = PuzzleListing(game: game, kind: kind.kind, preferred: grade)
        kindChoice = kind
        grades = listing.grades
        missingGrades = listing.missingGrades
        self.grade = listing.grade
        puzzles = listing.puzzles
        self.stats = stats
        self.announce = announce
        reload()
    }

    /// Why the list is empty: the game has no puzzle of the kind chosen ("No Tactic puzzles
    /// for Zhi Qi yet: choose another kind."); nil when it has.
    var noneOfKind: String? {
        guard let kind = kindChoice.kind, puzzles.isEmpty else { return nil }
        return PuzzleText.noneOfKind(kind, of: game)
    }

    /// Lists another kind (or both), keeping the grade if it has puzzles of it.
    func select(kind newKind: PuzzleKindChoice) {
        let listing = PuzzleListing(game: game, kind: newKind.kind, preferred: grade)
        kindChoice = newKind
        grades = listing.grades
        missingGrades = listing.missingGrades
        grade = listing.grade
        puzzles = listing.puzzles
    }

    /// The easiest grade offered, which the note about the missing grades names.
    var easiestGrade: PuzzleGrade? {
        grades.first
    }

    func select(_ newGrade: PuzzleGrade) {
        guard grades.contains(newGrade) else { return }
        grade = newGrade
        puzzles = PuzzleCatalog.choice(game, grade: newGrade, kind: kindChoice.kind)
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

/// What a choice of a game and a kind lists: the grades offered and missing, the grade it
/// opens on and that grade's puzzles, all the engine's.
private struct PuzzleListing {
    let grades: [PuzzleGrade]
    let missingGrades: [PuzzleGrade]
    let grade: PuzzleGrade
    let puzzles: [PuzzleInfo]

    init(game: GameId, kind: PuzzleKind?, preferred: PuzzleGrade?) {
        let counts = PuzzleCatalog.gradeCounts(game, kind: kind)
        grades = counts.filter { $0.count > 0 }.map(\.grade)
        // a kind with no puzzle at all lacks no grade in particular: the screen says the kind is empty
        missingGrades = grades.isEmpty ? [] : counts.filter { $0.count == 0 }.map(\.grade)
        let opening = PuzzleCatalog.openingGrade(game, preferred: preferred, kind: kind)
        grade = opening ?? preferred ?? .easy
        puzzles = opening.map { PuzzleCatalog.choice(game, grade: $0, kind: kind) } ?? []
    }
}
