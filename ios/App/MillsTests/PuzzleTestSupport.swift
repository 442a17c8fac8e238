@testable import Mills
import Foundation
import MillsCore
import Testing

/// The suites that prepare endgame tables, one after another: a preparation of another size
/// or folder cancels the one running and clears the process's tables, so the 3-piece
/// tables of `EndgameTablesTests` and the 4-piece tables the puzzles need must not overlap.
@Suite(.serialized)
struct TablesSuites {}

/// The 4-piece endgame tables the puzzles are played with, prepared by the engine as the
/// app does at launch. They are built once into a folder kept between runs (the engine
/// checks each file when it loads it) and loaded again when another suite's preparation
/// replaced them. tests/swift-linux/run.sh names the folder the bindings' Rust tests keep
/// theirs in (`MILLS_PUZZLE_TABLES_DIR`), so that a fresh checkout builds them once.
@MainActor
enum PuzzleTables {
    static let folder: URL = {
        if let shared = ProcessInfo.processInfo.environment["MILLS_PUZZLE_TABLES_DIR"], !shared.isEmpty {
            return URL(filePath: shared, directoryHint: .isDirectory)
        }
        return FileManager.default.temporaryDirectory
            .appending(path: "mills-tests-puzzle-tables-4", directoryHint: .isDirectory)
    }()

    static func prepare() async throws {
        let dir = folder.path(percentEncoded: false)
        let status = tablesStatus(dir: dir)
        if status.state == .ready, status.games.allSatisfy(\.inUse) { return }
        _ = try tablesPrepare(dir: dir, maxPieces: 4, listener: nil)
        try await waitUntil(seconds: 900) { tablesStatus(dir: dir).state == .ready }
    }
}

/// A statistics file of its own in a fresh folder.
func temporaryPuzzleStats() throws -> PuzzleStatsStore {
    let folder = try TemporaryFolder.make("puzzles")
    return PuzzleStatsStore(path: folder.appending(path: "puzzles.json").path(percentEncoded: false))
}

/// Plays a puzzle the way the tests' player knows the answers: a second session of the same
/// puzzle (the guide) is asked for the winning turn, whose points are tapped on the model,
/// and the same taps keep the guide at the model's position (the defence is the tables'
/// first choice, the same in both).
@MainActor
struct PuzzleGuide {
    let session: PuzzleSession

    init(_ puzzle: PuzzleInfo) throws {
        session = try PuzzleSession(puzzleId: puzzle.id, locale: "en")
    }

    /// The winning turn's points, in tapping order: the piece, where it goes, then what it
    /// removes (the tests play Twelve Men's Morris, which has no pulls before a step).
    func winningPoints() throws -> [String] {
        let hint = try session.hint()
        return [hint.piece, hint.destination].compactMap { $0 } + hint.removals
    }

    /// Taps `points` on the guide too.
    func follow(_ points: [String]) throws {
        for point in points {
            _ = try session.tap(point: point)
        }
    }

    /// Plays one winning turn on `model` (and on the guide), the defender's reply shown at
    /// once. Returns the points tapped.
    @discardableResult
    func playWinningTurn(on model: PuzzleModel, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let points = try winningPoints()
        try tap(model, points, sourceLocation: sourceLocation)
        model.showPendingReply()
        try follow(points)
        return points
    }
}

/// Taps the points by name on a puzzle.
@MainActor
func tap(_ model: PuzzleModel, _ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for name in names {
        let point = try #require(model.snapshot.points.first { $0.name == name }, sourceLocation: sourceLocation)
        model.tap(point)
    }
}

/// A whole first turn of `puzzle` that the engine judges wrong, found by tapping target
/// points on fresh sessions, depth first (the winning turn is unique: any other is wrong).
@MainActor
func wrongTurn(of puzzle: PuzzleInfo) throws -> [String] {
    func search(_ prefix: [String]) throws -> [String]? {
        guard prefix.count < 6 else { return nil }
        let session = try PuzzleSession(puzzleId: puzzle.id, locale: "en")
        for point in prefix { _ = try session.tap(point: point) }
        let targets = session.snapshot().points.filter { $0.target && !$0.selected }.map(\.name)
        for target in targets {
            let probe = try PuzzleSession(puzzleId: puzzle.id, locale: "en")
            for point in prefix { _ = try probe.tap(point: point) }
            let taps = prefix + [target]
            let result = try probe.tap(point: target)
            switch (result.step, result.verdict) {
            case (.played(_, _, true, _), .puzzle(_, .wrong)?):
                return taps
            case (.played(_, _, true, _), _):
                continue
            case (.played, _), (.selected, _):
                if let found = try search(taps) { return found }
            case (.deselected, _), (.refused, _), (.unchanged, _):
                continue
            }
        }
        return nil
    }
    return try #require(try search([]), "a wrong turn of \(puzzle.id)")
}

/// The drawn pieces always equal the snapshot's.
@MainActor
func expectBoardMatchesSnapshot(_ model: PuzzleModel, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(model.pieces.onBoard.mapValues(\.owner) == owners(model.snapshot.points), sourceLocation: sourceLocation)
}
