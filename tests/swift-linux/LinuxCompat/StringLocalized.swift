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
/// Plural entries are read as Apple reads them: a key's plural forms (`variations.plural`)
/// follow its integer argument, and a `%#@name@` in the text takes the form of its
/// `substitutions` entry for the argument that names (`argNum`). English only: "one" for 1,
/// "other" for any other count.
struct StringCatalog: Sendable {
    /// One key's text in one language.
    struct Entry: Sendable {
        /// The format, or for a plural entry its forms by plural category.
        let format: String?
        let pluralForms: [String: String]
        let substitutions: [String: Substitution]
    }

    /// `%#@name@`: the plural forms of one argument, `%arg` standing for it.
    struct Substitution: Sendable {
        let argument: Int
        let specifier: String
        let pluralForms: [String: String]
    }

    let entries: [String: Entry]

    static let english = StringCatalog(path: stringCatalogPath, language: "en")

    init(path: String, language: String) {
        guard
            let data = FileManager.default.contents(atPath: path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = json["strings"] as? [String: Any]
        else {
            fatalError("cannot read the String Catalog at \(path)")
        }
        var entries: [String: Entry] = [:]
        for (key, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
            guard let localization = localizations?[language] as? [String: Any] else { continue }
            let substitutions = (localization["substitutions"] as? [String: Any] ?? [:]).compactMapValues { value in
                (value as? [String: Any]).map { substitution in
                    Substitution(
                        argument: (substitution["argNum"] as? NSNumber)?.intValue ?? substitution["argNum"] as? Int ?? 1,
                        specifier: substitution["formatSpecifier"] as? String ?? "lld",
                        pluralForms: Self.pluralForms(substitution)
                    )
                }
            }
            entries[key] = Entry(
                format: Self.value(localization),
                pluralForms: Self.pluralForms(localization),
                substitutions: substitutions
            )
        }
        self.entries = entries
    }

    private static func value(_ unitHolder: [String: Any]) -> String? {
        (unitHolder["stringUnit"] as? [String: Any])?["value"] as? String
    }

    private static func pluralForms(_ holder: [String: Any]) -> [String: String] {
        let plural = (holder["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
        return plural.compactMapValues { ($0 as? [String: Any]).flatMap(value) }
    }

    /// English's plural category of a count.
    private static func form(_ forms: [String: String], count: Int?) -> String {
        (count == 1 ? forms["one"] : nil) ?? forms["other"] ?? ""
    }

    func text(for key: String, arguments: [String]) -> String {
        guard let entry = entries[key] else { return Self.format(key, arguments) }
        var format = entry.format ?? Self.form(entry.pluralForms, count: Self.firstInteger(in: key, arguments))
        for (name, substitution) in entry.substitutions {
            let index = substitution.argument - 1
            let count = index < arguments.count ? Int(arguments[index]) : nil
            let form = Self.form(substitution.pluralForms, count: count)
                .replacingOccurrences(of: "%arg", with: "%\(substitution.argument)$\(substitution.specifier)")
            format = format.replacingOccurrences(of: "%#@\(name)@", with: form)
        }
        return Self.format(format, arguments)
    }

    /// The value of the key's first integer argument (`%lld`), which its plural forms follow.
    private static func firstInteger(in key: String, _ arguments: [String]) -> Int? {
        let specifiers = key.split(separator: " ").filter { $0.hasPrefix("%") }
        guard let position = specifiers.firstIndex(of: "%lld"), position < arguments.count else { return nil }
        return Int(arguments[position])
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
