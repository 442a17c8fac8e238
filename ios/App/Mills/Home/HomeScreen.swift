import MillsCore
import SwiftUI

/// The first screen: continue the saved game, the puzzles, play a friend online, or start
/// one of the three games against the computer or pass-and-play. Each game shows the record against the current
/// level.
struct HomeScreen: View {
    @Environment(AppModel.self) private var app
    private let stored = StoredSettings()
    @State private var records: [GameId: StatsEntry] = [:]
    /// A game to start; its lessons are offered first the first time (`offersLessons`).
    @State private var playRequest: PlayRequest?
    @State private var importsRecord = false
    @AppStorage(SettingsKey.onlineServer) private var onlineServer = SettingsDefault.onlineServer
    @AppStorage(SettingsKey.onlineName) private var onlineName = SettingsDefault.onlineName

    private var onlineSettings: OnlineSettings {
        OnlineSettings(server: onlineServer, name: onlineName)
    }

    var body: some View {
        @Bindable var app = app
        @Bindable var friend = app.friend
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    Text("home_subtitle")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                    if app.canResume, let game = app.game {
                        ResumeCard(model: game) { app.continueGame() }
                    }
                    NavigationLink(value: HomeRoute.puzzles) {
                        PuzzlesCard()
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text("home_puzzles_description"))
                    if let title = friend.savedRoomTitle {
                        FriendReturnCard(title: title, isYourTurn: friend.savedRoomIsYourTurn) {
                            friend.returnToSavedRoom(settings: onlineSettings)
                        } onForget: {
                            friend.forgetSavedRoom()
                        }
                    }
                    Button {
                        friend.isPresented = true
                    } label: {
                        FriendCard()
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text("home_play_friend"))
                    .accessibilityHint(Text("home_play_friend_summary"))
                    if !onlineSettings.hasServer {
                        NeedsServerCard()
                    }
                    ForEach(GameCatalog.all, id: \.game) { info in
                        GameCard(info: info, record: records[info.game]) { mode in
                            playRequest = PlayRequest(game: info.game, mode: mode)
                        }
                    }
                    if let message = app.startError {
                        Text(verbatim: message)
                            .font(.footnote)
                            .foregroundStyle(.red)
                    }
                }
                .padding()
                .frame(maxWidth: 720)
                .frame(maxWidth: .infinity)
            }
            .navigationTitle("home_title")
            .toolbar { toolbar }
            .offersLessons(before: $playRequest) { request in
                app.start(request.game, mode: request.mode, settings: stored.session)
            }
            .navigationDestination(for: HomeRoute.self) { route in
                switch route {
                case .rules: RulesScreen(initialGame: app.game?.game ?? .zhiqi)
                case .settings: SettingsScreen(game: app.game)
                case .serverSetting: SettingsScreen(game: app.game, focusesServer: true)
                case .puzzles: PuzzlesScreen()
                }
            }
            // also shown when the app is opened with an invite link
            .navigationDestination(isPresented: $friend.isPresented) {
                FriendScreen()
            }
            .navigationDestination(isPresented: $app.isPlaying) {
                if let game = app.game {
                    GameScreen(model: game) { app.isPlaying = false }
                }
            }
        }
        .sheet(isPresented: $importsRecord) {
            NavigationStack { RecordImportSheet() }
        }
        // A record opened from another app ("Open in Mills") that the engine refused.
        .alert(
            "import_error_title",
            isPresented: Binding(
                get: { @MainActor in app.recordError != nil && !importsRecord },
                set: { @MainActor shown in if !shown { app.recordError = nil } }
            )
        ) {
            Button("action_done") { app.recordError = nil }
        } message: {
            Text(verbatim: (app.recordError ?? "") + "\n\n") + Text("import_error_nothing_loaded")
        }
        // A record opened from another app that would end the unfinished game: asked first.
        .confirmsRecordReplacement(app, isActive: !importsRecord)
        .task(id: RecordsKey(level: stored.level, playing: app.isPlaying)) {
            records = app.records(level: stored.level)
        }
        // the saved online game: read again when Home is back from "Play a friend" or the
        // server setting changes
        .task(id: SavedRoomKey(server: onlineServer, friendShown: friend.isPresented)) {
            friend.refreshSavedRoom(settings: onlineSettings)
        }
    }

    @ToolbarContentBuilder private var toolbar: some ToolbarContent {
        ToolbarItemGroup(placement: .topBarTrailing) {
            Button {
                importsRecord = true
            } label: {
                Label("import_record", systemImage: "square.and.arrow.down")
            }
            NavigationLink(value: HomeRoute.rules) {
                Label("action_rules", systemImage: "book")
            }
            NavigationLink(value: HomeRoute.settings) {
                Label("action_settings", systemImage: "gearshape")
            }
        }
    }
}

/// The screens Home opens besides the game.
enum HomeRoute: Hashable {
    case rules, settings, puzzles
    /// Settings with the cursor in the server field: where "no server" is fixed.
    case serverSetting
}

/// The saved online room is read again when "Play a friend" closes or the server changes.
private struct SavedRoomKey: Equatable {
    let server: String
    let friendShown: Bool
}

/// Records are read again when the level changes or a game screen closes.
private struct RecordsKey: Equatable {
    let level: Int
    let playing: Bool
}
