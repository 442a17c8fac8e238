import Foundation

/// Invite codes and links as people see and share them. The engine reads them back
/// (`OnlineSession.join` takes a code as typed or a whole link); this only recognises a
/// link the app was opened with and writes a code for reading aloud.
enum OnlineInvite {
    /// The invite in a URL the app was opened with: `mills://join/CODE` or
    /// `https://HOST/join/CODE` (the server's public URL). Nil for any other URL (a record
    /// file, say).
    static func invite(in url: URL) -> String? {
        let parts = url.pathComponents.filter { $0 != "/" }
        switch url.scheme?.lowercased() {
        case "mills":
            guard url.host()?.lowercased() == "join", parts.count == 1 else { return nil }
            return url.absoluteString
        case "https", "http":
            guard parts.count >= 2, parts[parts.count - 2] == "join" else { return nil }
            return url.absoluteString
        default:
            return nil
        }
    }

    /// `K7QM2XRP9DTA` as `K7QM-2XRP-9DTA`: groups of four, as people read and type it.
    static func display(_ code: String) -> String {
        var groups: [String] = []
        var rest = Substring(code)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: "-")
    }
}
