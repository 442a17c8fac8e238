@testable import Mills
import Foundation
import MillsCore
import Testing

/// The app above one game, with its files in a temporary folder: starting and resuming
/// games, opening records (asked first when they would end an unfinished game), the timer
/// with the app's life cycle, and the record against the computer.
@MainActor
struct AppModelTests {
    private let settings = SessionSettings(humanSide: .white, level: 3, timer: .seconds60)

    private func app(_ locations: SaveLocations, spoken: SpokenSentences = SpokenSentences()) -> AppModel {
        AppModel(locations: locations, announce: spoken.announce, preparesTables: false)
    }

    /// A finished game's text record: White's mill captures g1, then Black resigns.
    private func finishedRecord() throws -> String {
        let model = GameModel(session: try manualSession(), announce: { _ in })
        try tap(model, "a1", "g1", "a4", "g4", "a7", "g1")
        model.resign()
        return try model.exportRecord()
    }

    @Test func startingAGameOpensItAndTheEngineSavesIt() throws {
        let locations = try temporaryLocations()
        let app = app(locations)
        #expect(app.game == nil)
        #expect(!app.canResume)
        app.start(.zhiqi, mode: .passAndPlay, settings: settings)
        let game = try #require(app.game)
        #expect(app.isPlaying)
        #expect(game.game == .zhiqi)
        #expect(game.snapshot.config.timer == .seconds60)
        try tap(game, "d7")
        #expect(FileManager.default.fileExists(atPath: locations.autosave.path(percentEncoded: false)))
        #expect(try locations.savedGame() != nil)
    }

    @Test func anUnfinishedGameIsResumedWhereItWasLeft() throws {
        let locations = try temporaryLocations()
        let first = app(locations)
        first.start(.linkedHorse, mode: .vsComputer, settings: SessionSettings(humanSide: .black, level: 4, timer: .off))
        let game = try #require(first.game)
        first.game?.setLevel(6)
        game.close()
        let relaunched = app(locations)
        let resumed = try #require(relaunched.game)
        #expect(relaunched.canResume)
        #expect(relaunched.isPlaying)
        #expect(resumed.game == .linkedHorse)
        #expect(resumed.snapshot.config.mode == .vsComputer(computer: .p1, level: 6), "the level set during the game is kept")
        #expect(resumed.humanPlayer == .p2)
        resumed.close()
    }

    @Test func aFinishedGameIsNotOfferedToContinue() throws {
        let locations = try temporaryLocations()
        let first = app(locations)
        first.start(.twelveMensMorris, mode: .passAndPlay, settings: settings)
        first.game?.resign()
        first.game?.close()
        let relaunched = app(locations)
        #expect(relaunched.game?.isOver == true)
        #expect(!relaunched.canResume)
        #expect(!relaunched.isPlaying)
        relaunched.continueGame()
        #expect(relaunched.isPlaying, "the finished board can still be looked at")
    }

    @Test func aDamagedAutosaveIsReportedAndTheAppStartsAfresh() throws {
        let locations = try temporaryLocations()
        try Data("{ not a saved game".utf8).write(to: locations.autosave)
        let app = app(locations)
        #expect(app.game == nil)
        #expect(app.startError == "The saved game is damaged and cannot be opened")
    }

    @Test func aRecordOpensInReviewAtItsFinalPosition() throws {
        let spoken = SpokenSentences()
        let app = app(try temporaryLocations(), spoken: spoken)
        app.openRecord(try finishedRecord())
        let game = try #require(app.game)
        #expect(app.recordError == nil)
        #expect(app.isPlaying)
        #expect(game.review.isReviewing)
        #expect(game.review.position?.turn == game.review.position?.turns)
        #expect(game.isOver)
        let name = GameCatalog.name(of: .twelveMensMorris)
        #expect(spoken.all.last == "Game record opened for review: \(name), \(game.review.turns.count) turns")
    }

    @Test func aRecordThatWouldEndAnUnfinishedGameWaitsForThePlayersWord() throws {
        let app = app(try temporaryLocations())
        app.start(.zhiqi, mode: .passAndPlay, settings: settings)
        let unfinished = try #require(app.game)
        try tap(unfinished, "d7", "e3")
        let record = try finishedRecord()
        app.openRecord(record)
        let pending = try #require(app.recordToConfirm)
        #expect(pending.gameName == GameCatalog.name(of: .zhiqi))
        #expect(pending.turn == 3)
        #expect(app.game === unfinished)
        app.keepUnfinishedGame()
        #expect(app.recordToConfirm == nil)
        #expect(app.game === unfinished)
        app.openRecord(record)
        app.openRecord(pending.text, replacingUnfinished: true)
        #expect(app.recordToConfirm == nil)
        #expect(app.game?.game == .twelveMensMorris)
        #expect(app.game?.review.isReviewing == true)
    }

    @Test func aBadRecordIsRefusedWithItsReasonAndLoadsNothing() throws {
        let app = app(try temporaryLocations())
        app.start(.zhiqi, mode: .passAndPlay, settings: settings)
        let game = try #require(app.game)
        app.openRecord("hello, this is not a game")
        #expect(app.recordError == "This text is not a Mills game record")
        #expect(app.game === game)
        #expect(app.recordToConfirm == nil)
    }

    @Test func theTimerRunsOnlyWhileTheGameIsOnScreenInTheForeground() throws {
        let app = app(try temporaryLocations())
        app.start(.twelveMensMorris, mode: .passAndPlay, settings: settings)
        let game = try #require(app.game)
        #expect(!game.snapshot.paused)
        app.setForeground(false)
        #expect(game.snapshot.paused)
        app.setForeground(true)
        #expect(!game.snapshot.paused)
        game.sheet = .record
        #expect(game.snapshot.paused, "the record sheet covers the board")
        game.sheet = nil
        app.isPlaying = false
        #expect(game.snapshot.paused, "back on Home")
        app.continueGame()
        #expect(!game.snapshot.paused)
        game.close()
    }

    @Test func resultsAgainstTheComputerAreCountedPerGameAndLevel() throws {
        let app = app(try temporaryLocations())
        app.start(.linkedHorse, mode: .vsComputer, settings: SessionSettings(humanSide: .white, level: 2, timer: .off))
        app.game?.resign()
        let record = try #require(app.records(level: 2)[.linkedHorse])
        #expect(record.losses == 1)
        #expect(record.wins == 0)
        #expect(app.records(level: 3).isEmpty)
        app.game?.close()
    }

    @Test func withoutAFolderNothingIsKeptButGamesStillPlay() throws {
        let app = AppModel(locations: nil, announce: { _ in }, preparesTables: false)
        app.start(.zhiqi, mode: .passAndPlay, settings: settings)
        let game = try #require(app.game)
        try tap(game, "d7")
        #expect(game.side(.p1).onBoard == 1)
        #expect(app.records(level: 3).isEmpty)
        game.close()
    }
}
