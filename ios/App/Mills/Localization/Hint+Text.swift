import Foundation
import MillsCore

extension Hint {
    /// The hint in a sentence from the engine's fields: "Hint: move d6 to d5, then take
    /// d7". When the side is blocked (`next` is the engine's pull step), the pull comes
    /// before the step.
    func sentence(next: NextStep) -> String {
        let separator = String(localized: "list_separator")
        if case .pull = next, !removals.isEmpty {
            let pull = String(localized: "hint_remove_only \(removals.joined(separator: separator))")
            guard let piece, let destination else { return pull }
            return [pull, String(localized: "hint_then_step \(piece) \(destination)")].joined(separator: separator)
        }
        let main: String?
        if let destination, let piece {
            main = String(localized: "hint_step \(piece) \(destination)")
        } else if let destination {
            main = String(localized: "hint_place \(destination)")
        } else {
            main = nil
        }
        guard let main else {
            return String(localized: "hint_remove_only \(removals.joined(separator: separator))")
        }
        let takes = removals.map { String(localized: "hint_remove \($0)") }
        return ([main] + takes).joined(separator: separator)
    }
}
