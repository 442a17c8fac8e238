import Foundation

/// The language the app shows, as a locale tag for the engine's rules text (`en`,
/// `zh-Hans`): the localization iOS picked from the user's preferred languages.
enum AppLanguage {
    static var current: String {
        Bundle.main.preferredLocalizations.first ?? "en"
    }
}
