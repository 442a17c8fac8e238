import Foundation

/// What the app's build names, from its Info.plist (ios/App/project.yml writes the build
/// settings there).
enum BuildSettings {
    /// The server online play uses while Settings names none: the build setting
    /// `MILLS_DEFAULT_SERVER` (Info.plist `MillsDefaultServer`). Empty in this repository's
    /// builds, which name no server; a release sets it (README, "From clone to installed app").
    static let defaultServer: String =
        Bundle.main.object(forInfoDictionaryKey: "MillsDefaultServer") as? String ?? ""
}
