import MillsCore

extension Snapshot {
    /// The points the last turn's actions named (`d6-d5` names both), for highlights.
    var lastTurnPoints: [String] {
        var points: [String] = []
        for action in lastTurn where action != "pass" {
            let body = action.hasPrefix("x") ? String(action.dropFirst()) : action
            for name in body.split(separator: "-").map(String.init) where !points.contains(name) {
                points.append(name)
            }
        }
        return points
    }
}
