import MillsCore
import SwiftUI

/// "Play a friend": without a room, creating one or joining one (or, with no server in the
/// settings, why online play is not available); with a room, the room's screen for its
/// phase (waiting for the friend, the game, a room the server refused).
struct FriendScreen: View {
    @Environment(AppModel.self) private var app
    @AppStorage(SettingsKey.onlineServer) private var server = SettingsDefault.onlineServer
    @AppStorage(SettingsKey.onlineName) private var name = SettingsDefault.onlineName

    private var settings: OnlineSettings {
        OnlineSettings(server: server, name: name)
    }

    var body: some View {
        let friend = app.friend
        Group {
            if let room = friend.room {
                OnlineRoomView(room: room) { friend.leave() }
            } else {
                FriendStartForm(friend: friend, settings: settings)
                    .navigationTitle("online_title")
            }
        }
    }
}

/// Create a room (game, turn timer) or join one from its code or link.
private struct FriendStartForm: View {
    let friend: FriendPlayModel
    let settings: OnlineSettings
    @State private var game: GameId = .zhiqi
    @State private var timer = SettingsDefault.turnTimer
    @State private var invite = ""

    private var canJoin: Bool {
        settings.hasServer && !invite.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    var body: some View {
        Form {
            if !settings.hasServer {
                Section {
                    Text("online_needs_server")
                    NavigationLink(value: HomeRoute.settings) {
                        Text("online_open_settings")
                    }
                }
            }
            Section("online_create_title") {
                Picker("online_game", selection: $game) {
                    ForEach(GameCatalog.all, id: \.game) { entry in
                        Text(verbatim: entry.name).tag(entry.game)
                    }
                }
                Picker("online_timer", selection: $timer) {
                    ForEach(TimerChoice.allCases) { Text(verbatim: $0.title).tag($0) }
                }
                Button("online_create") {
                    friend.create(game, timer: timer.turnTimer, settings: settings)
                }
                .disabled(!settings.hasServer)
            }
            Section("online_join_title") {
                TextField("online_code_label", text: $invite)
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                    .submitLabel(.join)
                    .onSubmit { if canJoin { friend.join(invite, settings: settings) } }
                Button("online_join") {
                    friend.join(invite, settings: settings)
                }
                .disabled(!canJoin)
            }
            if let error = friend.error {
                Section {
                    Text(verbatim: error)
                        .foregroundStyle(.red)
                }
            }
        }
        // an invite link opened before a server was set: ready to join once there is one
        .onAppear {
            if let pending = friend.pendingInvite, invite.isEmpty { invite = pending }
            // "needs a server" from before a server was set in Settings
            if settings.hasServer { friend.dismissError() }
        }
    }
}

/// The room on screen, by its phase.
struct OnlineRoomView: View {
    let room: OnlineGameModel
    let onLeave: () -> Void

    var body: some View {
        switch room.phase {
        case .waiting:
            OnlineWaitingView(room: room, onLeave: onLeave)
                .navigationTitle("online_title")
        case .playing, .finished:
            OnlineGameScreen(model: room, onLeave: onLeave)
        case .connecting, .refused:
            VStack(spacing: 20) {
                if room.phase == .connecting {
                    ProgressView()
                        .accessibilityHidden(true)
                }
                ConnectionBannerView(model: room)
                Button("online_leave", role: .destructive) { onLeave() }
                    .buttonStyle(.bordered)
            }
            .padding()
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .navigationTitle("online_title")
        }
    }
}
