/// A good game record that would end the unfinished game if it opened, and that game as
/// Home's resume card names it: a record shared from another app must not silently end a game.
struct RecordToConfirm: Equatable {
    let text: String
    let gameName: String
    let turn: Int
}
