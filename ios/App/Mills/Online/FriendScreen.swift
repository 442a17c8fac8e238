import MillsCore
import SwiftUI

/// "Play a friend": without a room, creating one or joining one (or, with no server in the
/// settings, why online play is not available); with a room, the room's screen for its
/// phase (waiting for the friend, the game, a room the server refused).
struct FriendScreen: View {
    @Environment(AppModel.self) private var app
    @AppStorage(SettingsKey.onlineServer) private var server = SettingsDefault.onlineServer
    @AppStorage(SettingsKey.onlineName) private var name = SettingsDefault.onlineName
    @State private var asksToLeave = false

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
        // Back during a game asks: keep it open (Home leads back) or leave it.
        .navigationBarBackButtonHidden(friend.room?.isInProgress == true)
        .toolbar {
            if friend.room?.isInProgress == true {
                ToolbarItem(placement: .topBarLeading) {
                    Button {
                        asksToLeave = true
                    } label: {
                        Label("action_back", systemImage: "chevron.backward")
                    }
                }
            }
        }
        .confirmationDialog("online_leave_title", isPresented: $asksToLeave, titleVisibility: .visible) {
            Button("online_leave_keep") { friend.closeScreen(keep: true) }
            Button("online_leave_confirm", role: .destructive) { friend.closeScreen(keep: false) }
        } message: {
            Text("online_leave_text")
        }
        // An invite opened during the game: joining it leaves this one.
        .alert(
            "online_invite_leave_title",
            isPresented: Binding(
                get: { @MainActor in friend.inviteToConfirm != nil },
                set: { @MainActor shown in if !shown { friend.answerInvite(leave: false, settings: settings) } }
            )
        ) {
            Button("online_invite_leave_confirm") { friend.answerInvite(leave: true, settings: settings) }
            Button("action_cancel", role: .cancel) { friend.answerInvite(leave: false, settings: settings) }
        } message: {
            Text("online_invite_leave_text")
        }
    }
}

/// Create a room (game, turn timer) or join one from its code or link.
private struct FriendStartForm: View {
    let friend: FriendPlayModel
    let settings: OnlineSettings
    @State private var game: GameId = .zhiqi
    /// Not the local games' timer: a phone call or another app would hand turns to the
    /// opponent, so a room's clock is the creator's choice and starts off.
    @State private var timer = TimerChoice.off
    @State private var invite = ""

    private var canJoin: Bool {
        settings.hasServer && !invite.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    var body: some View {
        Form {
            if !settings.hasServer {
                Section {
                    Text("online_needs_server")
                    NavigationLink(value: HomeRoute.serverSetting) {
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
