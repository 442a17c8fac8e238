@testable import Mills
import Foundation
import MillsCore
import Testing

/// Which server online play uses (Settings' field, else the build's default, else none),
/// and the words for how long the friend has been away.
struct ServerChoiceTests {
    @Test func theFieldOverridesTheBuildsDefaultAndBlankMeansNone() {
        let typed = OnlineSettings(server: " mine.example ", name: "", buildDefault: "app.example")
        #expect(typed.effectiveServer == "mine.example")
        #expect(typed.options(secretPath: "/tmp/s")?.server == "mine.example")

        let builtIn = OnlineSettings(server: "  ", name: "", buildDefault: " app.example\n")
        #expect(builtIn.effectiveServer == "app.example")
        #expect(builtIn.hasServer)
        #expect(builtIn.namedBuildDefault == "app.example")
        #expect(builtIn.privacyPolicy?.absoluteString == "https://app.example/privacy")

        let neither = OnlineSettings(server: "", name: "", buildDefault: "")
        #expect(neither.effectiveServer == nil)
        #expect(!neither.hasServer, "Home then shows NeedsServerCard, which opens HomeRoute.serverSetting")
        #expect(neither.options(secretPath: "/tmp/s") == nil)
        #expect(neither.namedBuildDefault == nil)
    }

    @Test func thisRepositorysBuildNamesNoServer() {
        // No Info.plist here, as in a build whose MILLS_DEFAULT_SERVER is empty.
        #expect(BuildSettings.defaultServer.isEmpty)
        #expect(!OnlineSettings(server: "", name: "").hasServer)
    }

    @Test func awaySaysHowLongInWholeMinutes() {
        #expect(OnlineText.away(name: "Bo", minutes: nil) == nil)
        #expect(OnlineText.away(name: "Bo", minutes: 0) == "Bo is away · under a minute. The game waits on the server.")
        #expect(OnlineText.away(name: "Bo", minutes: 2) == "Bo is away · 2 min. The game waits on the server.")
    }
}
