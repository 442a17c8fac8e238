import Foundation

/// The language the app shows, as a locale tag for the engine's rules text and lessons (`en`,
/// `zh-Hans`, `zh-Hant`): the localization iOS picked from the user's preferred languages
/// among CFBundleLocalizations, so the engine's text is always in the language of the app's
/// own strings. iOS picks `zh-Hant` for Traditional Chinese users (zh-TW, zh-HK, zh-MO) and
/// `zh-Hans` for Simplified ones; the engine reads the tag the same way (`Locale::from_tag`).
enum AppLanguage {
    static var current: String {
        Bundle.main.preferredLocalizations.first ?? "en"
    }
}
