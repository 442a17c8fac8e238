@testable import Mills
import Foundation
import MillsCore
import Testing

/// The settings a player chooses, as they are stored (`@AppStorage` keeps raw values under
/// `SettingsKey`) and as they configure the next game.
struct SettingsTests {
    @Test func theTimerChoicesAreTheEnginesWithItsDefault() {
        let seconds = timerChoices().choices.compactMap(\.seconds)
        #expect(TimerChoice.allCases.compactMap { EngineChoices.seconds(of: $0.turnTimer) } == seconds)
        #expect(TimerChoice.allCases.map(\.title) == ["Off", "15 s", "30 s", "60 s", "120 s"])
        #expect(SettingsDefault.turnTimer == TimerChoice(timerChoices().defaultTimer))
        for choice in TimerChoice.allCases {
            #expect(TimerChoice(choice.turnTimer) == choice)
        }
    }

    @Test func theDefaultLevelIsTheEnginesAndEveryLevelHasAName() {
        let engineDefault = levels().first(where: \.isDefault)
        #expect(SettingsDefault.level == Int(engineDefault?.number ?? 0))
        for level in levels() {
            #expect(EngineChoices.levelNameKey(Int(level.number)) == level.nameKey)
        }
        #expect(EngineChoices.levelNameKey(99) == engineDefault?.nameKey, "an unknown level reads as the default")
    }

    @Test func storedSettingsReadBackAsTheSameChoices() throws {
        let suite = "mills-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        // what @AppStorage writes for these enums: their raw values
        defaults.set(TimerChoice.seconds30.rawValue, forKey: SettingsKey.turnTimer)
        defaults.set(HumanSide.black.rawValue, forKey: SettingsKey.humanSide)
        defaults.set(BoardStyle.jade.rawValue, forKey: SettingsKey.boardStyle)
        defaults.set(AppTheme.dark.rawValue, forKey: SettingsKey.theme)
        defaults.set(7, forKey: SettingsKey.level)
        #expect(defaults.string(forKey: SettingsKey.turnTimer).flatMap(TimerChoice.init(rawValue:)) == .seconds30)
        #expect(defaults.string(forKey: SettingsKey.humanSide).flatMap(HumanSide.init(rawValue:)) == .black)
        #expect(defaults.string(forKey: SettingsKey.boardStyle).flatMap(BoardStyle.init(rawValue:)) == .jade)
        #expect(defaults.string(forKey: SettingsKey.theme).flatMap(AppTheme.init(rawValue:)) == .dark)
        #expect(defaults.integer(forKey: SettingsKey.level) == 7)
        let keys = [
            SettingsKey.level, SettingsKey.turnTimer, SettingsKey.humanSide, SettingsKey.soundOn, SettingsKey.hapticsOn,
            SettingsKey.theme, SettingsKey.boardStyle, SettingsKey.faceToFace, SettingsKey.evaluationBar,
            SettingsKey.lessonsOffered,
        ]
        #expect(Set(keys).count == keys.count, "no two settings share a key")
    }

    @Test func theSettingsConfigureTheNextGame() {
        let settings = SessionSettings(humanSide: .black, level: 8, timer: .seconds120)
        let computer = settings.config(for: .linkedHorse, mode: .vsComputer)
        #expect(computer.game == .linkedHorse)
        #expect(computer.mode == .vsComputer(computer: .p1, level: 8))
        #expect(computer.timer == .seconds120)
        #expect(settings.config(for: .zhiqi, mode: .passAndPlay).mode == .passAndPlay)
        #expect(HumanSide.white.computer == .p2)
        #expect(HumanSide.allCases.map(\.title) == ["White · first", "Black · second"])
    }

    @Test func theLessonOfferIsRememberedPerGame() {
        var offered = OfferedCourses()
        #expect(!offered.contains(.zhiqi))
        offered.insert(.twelveMensMorris)
        offered.insert(.zhiqi)
        offered.insert(.zhiqi)
        let stored = OfferedCourses(rawValue: offered.rawValue)
        #expect(stored.contains(.zhiqi))
        #expect(stored.contains(.twelveMensMorris))
        #expect(!stored.contains(.linkedHorse))
        #expect(stored.rawValue == "twelve-mens-morris\nzhiqi")
    }
}
