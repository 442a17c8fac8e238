@testable import Mills
import Foundation
import MillsCore
import Testing

/// What the models said for VoiceOver, in order.
@MainActor
final class SpokenSentences {
    private(set) var all: [String] = []

    var announce: Announce {
        { [weak self] sentence in self?.all.append(sentence) }
    }
}

/// A session that moves only when the test says so: no timer thread, a clock that moves with
/// `advanceClockForTests`, a computer that plays only through `runComputerTurnNow`.
func manualSession(
    _ game: GameId = .twelveMensMorris,
    mode: GameMode = .passAndPlay,
    timer: TurnTimer = .off,
    listener: (any SessionListener)? = nil
) throws -> GameSession {
    try GameSession(
        config: SessionConfig(game: game, mode: mode, timer: timer),
        options: SessionOptions(seed: 7, timerThread: false, manualClock: true, manualComputer: true),
        listener: listener
    )
}

/// Taps the points by name, as a finger would.
@MainActor
func tap(_ model: some BoardModel, _ names: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
    for name in names {
        let point = try #require(model.snapshot.points.first { $0.name == name }, sourceLocation: sourceLocation)
        model.tap(point)
    }
}

/// Who stands where.
func owners(_ points: [PointState]) -> [String: Player] {
    var owners: [String: Player] = [:]
    for point in points {
        owners[point.name] = point.owner
    }
    return owners
}

/// Waits on the main actor (letting tasks and the engine's events arrive) until `done`.
@MainActor
func waitUntil(
    seconds: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ done: () -> Bool
) async throws {
    let deadline = Date.now.addingTimeInterval(seconds)
    while !done() {
        if Date.now >= deadline {
            Issue.record("timed out", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Fresh folders under the system's temporary folder, one per test.
enum TemporaryFolder {
    static func make(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appending(path: "mills-tests-\(label)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The app's folder of saves in a fresh temporary folder, as `SaveLocations.standard()`
/// lays it out in Application Support.
func temporaryLocations() throws -> SaveLocations {
    let folder = try TemporaryFolder.make("app")
    return SaveLocations(
        autosave: folder.appending(path: "autosave.json"),
        stats: folder.appending(path: "stats.json"),
        tables: folder.appending(path: "tables", directoryHint: .isDirectory)
    )
}
