import Foundation
import MillsCore
import Observation

/// Free choice: one game's puzzles of a grade, easiest first, with the ones solved ticked; a
/// puzzle opens with the next of the list as its Next.
@MainActor
@Observable
final class PuzzleChoiceModel {
    let game: GameId
    private(set) var grade: PuzzleGrade
    private(set) var puzzles: [PuzzleInfo]
    private(set) var solvedIds: Set<String> = []
    /// Why a puzzle could not open (its game's endgame tables not ready yet).
    private(set) var error: String?

    @ObservationIgnored let stats: PuzzleStatsStore?
    @ObservationIgnored private let announce: Announce

    init(game: GameId, grade: PuzzleGrade = .easy, stats: PuzzleStatsStore? = PuzzleStatsStore.standard, announce: @escaping Announce) {
        self.game = game
        self.grade = grade
        self.stats = stats
        self.announce = announce
        puzzles = PuzzleCatalog.choice(game, grade: grade)
        reload()
    }

    /// The grades to choose from, easiest first.
    static let grades: [PuzzleGrade] = [.easy, .medium, .hard, .expert, .master]

    func select(_ newGrade: PuzzleGrade) {
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
