import Foundation

/// The date line of a game record: `YYYY-MM-DD`, the player's local day (docs/records.md).
enum RecordDate {
    static func today(_ now: Date = .now) -> String {
        let formatter = DateFormatter()
        // Fixed digits and calendar whatever the user's region, as the format requires.
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: now)
    }
}
