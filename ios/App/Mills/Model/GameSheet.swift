/// A sheet the game screen shows over the board.
enum GameSheet: String, Identifiable {
    case rules, settings, record

    var id: Self { self }
}
