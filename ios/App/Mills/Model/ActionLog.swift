/// The actions the board shows, to find the ones a new state adds.
struct ActionLog: Equatable {
    private(set) var actions: [String]

    init(actions: [String] = []) {
        self.actions = actions
    }

    /// Moves to `newer` and returns the actions it adds, or nil when it does not extend the
    /// shown game (undo, a new game): then nothing is animated.
    mutating func advance(to newer: [String]) -> [String]? {
        defer { actions = newer }
        guard newer.count >= actions.count, Array(newer.prefix(actions.count)) == actions else {
            return nil
        }
        return Array(newer.dropFirst(actions.count))
    }
}
