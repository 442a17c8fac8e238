// Linux only (tests/swift-linux): Foundation on Linux has no `String(localized:)`. This gives
// the app's files the same call, answered from the app's own String Catalog in English, so
// that the model layer compiles unchanged and its tests read the sentences a player reads.
import Foundation

extension String {
    /// A localization key built the way Apple's `String.LocalizationValue` builds it: each
    /// interpolated `String` becomes `%@` and each `Int` `%lld` in the key, the values its
    /// arguments. Other interpolations do not compile here, so a key whose arguments the
    /// catalog would not match fails this build.
    public struct LocalizationValue: ExpressibleByStringInterpolation, Sendable {
        let key: String
        let arguments: [String]

        public init(stringLiteral value: String) {
            key = value
            arguments = []
        }

        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        public struct StringInterpolation: StringInterpolationProtocol {
            var key = ""
            var arguments: [String] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
            }

            public mutating func appendInterpolation(_ value: String) {
                key += "%@"
                arguments.append(value)
            }

            public mutating func appendInterpolation(_ value: Int) {
                key += "%lld"
                arguments.append(String(value))
            }
        }
    }

    /// The catalog's English text for the key, with the arguments in place; the key itself
    /// when the catalog has no entry (as on Apple's platforms).
    public init(localized value: LocalizationValue) {
        self = StringCatalog.english.text(for: value.key, arguments: value.arguments)
    }
}

/// The app's `Localizable.xcstrings`, read once (its path is written by tests/swift-linux/run.sh).
struct StringCatalog: Sendable {
    let values: [String: String]

    static let english = StringCatalog(path: stringCatalogPath, language: "en")

    init(path: String, language: String) {
        guard
            let data = FileManager.default.contents(atPath: path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = json["strings"] as? [String: Any]
        else {
            fatalError("cannot read the String Catalog at \(path)")
        }
        var values: [String: String] = [:]
        for (key, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
            let unit = (localizations?[language] as? [String: Any])?["stringUnit"] as? [String: Any]
            if let value = unit?["value"] as? String {
                values[key] = value
            }
        }
        self.values = values
    }

    func text(for key: String, arguments: [String]) -> String {
        let format = values[key] ?? key
        return Self.format(format, arguments)
    }

    /// Fills `%@`, `%lld`, `%d` and their positional forms (`%2$@`), and `%%`.
    static func format(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var cursor = rest.index(after: percent)
            if cursor < rest.endIndex, rest[cursor] == "%" {
                result += "%"
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            var digits = ""
            while cursor < rest.endIndex, let digit = rest[cursor].wholeNumberValue {
                digits += String(digit)
                cursor = rest.index(after: cursor)
            }
            var position: Int?
            if !digits.isEmpty, cursor < rest.endIndex, rest[cursor] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = rest.index(after: cursor)
            }
            let specifiers = ["@", "lld", "ld", "d"]
            guard let specifier = specifiers.first(where: { rest[cursor...].hasPrefix($0) }) else {
                fatalError("unsupported format in the String Catalog: \(format)")
            }
            let index = position ?? next
            next = index + 1
            result += index < arguments.count ? arguments[index] : ""
            rest = rest[rest.index(cursor, offsetBy: specifier.count)...]
        }
        return result + rest
    }
}
