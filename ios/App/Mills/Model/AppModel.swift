import Foundation
import MillsCore
import Observation

/// The app's state above one game: the game to play or resume, where files live, and the
/// scene's life cycle.
@MainActor
@Observable
final class AppModel {
    /// The game on screen, or the saved one to resume.
    private(set) var game: GameModel?
    /// The game screen is shown.
    var isPlaying = false {
        didSet { updateTurnTimer() }
    }
    private(set) var startError: String?
    /// Why the last record could not be opened (the engine's reason), until dismissed.
    var recordError: String?
    /// A good record that would end the unfinished game: it waits for the player's word.
    private(set) var recordToConfirm: RecordToConfirm?

    @ObservationIgnored let locations: SaveLocations?
    @ObservationIgnored private let announce: Announce
    @ObservationIgnored private var isForeground = true
    /// The engine's endgame tables, prepared in the background at launch.
    let endgameTables = EndgameTables()
    /// "Play a friend": the online room, if any.
    let friend: FriendPlayModel

    /// The app's files in `locations` (none: nothing is kept), what happens spoken through
    /// `announce`. An unfinished autosaved game is opened; with `preparesTables`, the endgame
    /// tables are prepared (read, or unpacked from the bundle's pack the first time) in the
    /// background.
    init(locations: SaveLocations?, announce: @escaping Announce, preparesTables: Bool = true) {
        self.locations = locations
        self.announce = announce
        friend = FriendPlayModel(locations: locations, announce: announce)
        resumeSavedGame()
        if preparesTables {
            endgameTables.start(in: locations?.tables, pack: EndgameTables.shippedPack)
        }
    }

    /// An unfinished game can be continued.
    var canResume: Bool {
        guard let game else { return false }
        return !game.isOver
    }

    /// Starts a new game, replacing the one in progress (its autosave is overwritten).
    func start(_ id: GameId, mode: PlayMode, settings: SessionSettings) {
        do {
            let options = locations?.sessionOptions ?? SessionOptions()
            let session = try GameSession(config: settings.config(for: id, mode: mode), options: options, listener: nil)
            // The old game's session stops now, even if a view still holds its model.
            game?.close()
            game = GameModel(session: session, announce: announce)
            startError = nil
            isPlaying = true
        } catch {
            startError = userMessage(for: error)
        }
    }

    /// Opens a game record for review: the engine reads and checks it whole first
    /// (`readRecord`); a bad one is refused with its reason and nothing is loaded. A good
    /// one replaces the game in progress (and its autosave), like a new game, and opens at
    /// its final position under review. If that would end an unfinished game (the engine's
    /// `Snapshot.unfinished`), it waits in `recordToConfirm` instead, unless
    /// `replacingUnfinished`.
    func openRecord(_ text: String, replacingUnfinished: Bool = false) {
        recordToConfirm = nil
        do {
            let record = try readRecord(text: text)
            if !replacingUnfinished, let game, game.snapshot.unfinished {
                recordError = nil
                recordToConfirm = RecordToConfirm(
                    text: text,
                    gameName: GameCatalog.name(of: game.game),
                    turn: Int(game.snapshot.turns) + 1
                )
                return
            }
            let options = locations?.sessionOptions ?? SessionOptions()
            let session = try GameSession.fromRecord(text: text, options: options, listener: nil)
            game?.close()
            let opened = GameModel(session: session, announce: announce)
            game = opened
            recordError = nil
            isPlaying = true
            opened.openReview(atEnd: true)
            let name = GameCatalog.name(of: record.game)
            announce(String(localized: "announce_record_opened \(name) \(record.moves.count)"))
        } catch {
            recordError = userMessage(for: error)
        }
    }

    /// The player keeps the unfinished game: the record that waited is dropped.
    func keepUnfinishedGame() {
        recordToConfirm = nil
    }

    /// Opens the record in a file shared with the app.
    func openRecord(at url: URL) {
        do {
            openRecord(try RecordFile.text(at: url))
        } catch {
            recordError = userMessage(for: error)
        }
    }

    func continueGame() {
        isPlaying = game != nil
    }

    /// The record against the computer at `level`, per game (the engine keeps the file).
    func records(level: Int) -> [GameId: StatsEntry] {
        guard let path = locations?.stats.path(percentEncoded: false),
              let entries = try? statsLoad(path: path)
        else { return [:] }
        var records: [GameId: StatsEntry] = [:]
        for entry in entries where Int(entry.level) == level {
            records[entry.game] = entry
        }
        return records
    }

    /// The turn timer runs only while the app is in the foreground and the game on screen
    /// (as on Android); in the background it is frozen, and the autosave keeps the time left.
    func setForeground(_ active: Bool) {
        isForeground = active
        updateTurnTimer()
    }

    private func updateTurnTimer() {
        guard let game else { return }
        if isForeground, isPlaying {
            game.resume()
        } else {
            game.pause()
        }
    }

    /// On launch: the autosaved game, if there is one, opens where it was left.
    private func resumeSavedGame() {
        guard let locations else { return }
        do {
            guard let json = try locations.savedGame() else { return }
            let session = try GameSession.restore(json: json, options: locations.sessionOptions, listener: nil)
            let restored = GameModel(session: session, announce: announce)
            game = restored
            isPlaying = !restored.isOver
        } catch {
            // A save from an incompatible version or a damaged file: start afresh.
            startError = userMessage(for: error)
        }
    }
}
