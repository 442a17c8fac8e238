import MillsCore
import SwiftUI

/// Difficulty, side, turn timer, feedback and looks, stored with `@AppStorage`. The level
/// and the timer also apply to the game in progress; the side applies from the next game.
struct SettingsScreen: View {
    /// The game in progress, if any.
    let game: GameModel?
    /// Shown in a sheet over the game (with a Done button) rather than pushed from Home.
    var inSheet = false
    /// Opened to set the server (Home's "Set a server"): the cursor goes to its field.
    var focusesServer = false
    @FocusState private var serverFocused: Bool
    @AppStorage(SettingsKey.level) private var level = SettingsDefault.level
    @AppStorage(SettingsKey.humanSide) private var humanSide = SettingsDefault.humanSide
    @AppStorage(SettingsKey.turnTimer) private var timer = SettingsDefault.turnTimer
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.theme) private var theme = SettingsDefault.theme
    @AppStorage(SettingsKey.boardStyle) private var boardStyle = SettingsDefault.boardStyle
    @AppStorage(SettingsKey.faceToFace) private var faceToFace = SettingsDefault.faceToFace
    @AppStorage(SettingsKey.evaluationBar) private var evaluationBar = SettingsDefault.evaluationBar
    @AppStorage(SettingsKey.onlineServer) private var onlineServer = SettingsDefault.onlineServer
    @AppStorage(SettingsKey.onlineName) private var onlineName = SettingsDefault.onlineName
    @Environment(\.dismiss) private var dismiss
    @Environment(AppModel.self) private var app

    var body: some View {
        Form {
            Section {
                Picker("settings_difficulty", selection: $level) {
                    ForEach(EngineChoices.levels, id: \.number) { level in
                        Text("settings_level_value \(Int(level.number)) \(Text(LocalizedStringKey(level.nameKey)))")
                            .tag(Int(level.number))
                    }
                }
                Picker("settings_your_side", selection: $humanSide) {
                    ForEach(HumanSide.allCases) { Text(verbatim: $0.title).tag($0) }
                }
            } header: {
                Text("settings_section_computer")
            } footer: {
                VStack(alignment: .leading, spacing: 4) {
                    Text("settings_side_note")
                    EndgameTablesLine(state: app.endgameTables.state)
                }
            }

            Section {
                Picker("settings_section_timer", selection: $timer) {
                    ForEach(TimerChoice.allCases) { Text(verbatim: $0.title).tag($0) }
                }
            } header: {
                Text("settings_section_timer")
            } footer: {
                Text("settings_timer_note")
            }

            Section("settings_section_feedback") {
                Toggle("settings_sound", isOn: $soundOn)
                Toggle("settings_haptics", isOn: $hapticsOn)
            }

            Section("settings_section_look") {
                Picker("settings_theme", selection: $theme) {
                    ForEach(AppTheme.allCases) { Text(verbatim: $0.title).tag($0) }
                }
                Picker("settings_board_style", selection: $boardStyle) {
                    ForEach(BoardStyle.allCases) { Text(verbatim: $0.title).tag($0) }
                }
            }

            Section {
                Toggle("settings_face_to_face", isOn: $faceToFace)
            } header: {
                Text("settings_section_pass_and_play")
            } footer: {
                Text("settings_face_to_face_summary")
            }

            // analysis
            Section {
                Toggle("settings_evaluation_bar", isOn: $evaluationBar)
            } header: {
                Text("settings_section_analysis")
            } footer: {
                Text("settings_evaluation_bar_summary")
            }

            // play a friend online: no server, no network
            let online = OnlineSettings(server: onlineServer, name: onlineName)
            Section {
                TextField(
                    "settings_server",
                    text: $onlineServer,
                    prompt: Text(verbatim: online.namedBuildDefault ?? "wss://mills.example.org")
                )
                    .focused($serverFocused)
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .accessibilityLabel(Text("settings_server"))
                if online.isUnencrypted {
                    Label {
                        Text("settings_server_not_encrypted")
                    } icon: {
                        Image(systemName: "lock.open.fill")
                            .accessibilityHidden(true)
                    }
                    .foregroundStyle(.red)
                }
                TextField("settings_player_name", text: $onlineName)
                    .textContentType(.nickname)
                    .accessibilityLabel(Text("settings_player_name"))
                if let policy = online.privacyPolicy {
                    Link(destination: policy) {
                        Text("settings_privacy_policy")
                    }
                }
            } header: {
                Text("settings_section_online")
            } footer: {
                VStack(alignment: .leading, spacing: 4) {
                    if let builtIn = online.namedBuildDefault {
                        Text("settings_server_default_note \(builtIn)")
                    } else {
                        Text("settings_server_note")
                    }
                    Text("settings_player_name_note")
                    if online.privacyPolicy == nil {
                        Text("settings_privacy_offline")
                    }
                }
            }
        }
        .navigationTitle("settings_title")
        .onAppear { if focusesServer { serverFocused = true } }
        .onChange(of: level) { _, newLevel in
            game?.setLevel(newLevel)
        }
        .onChange(of: timer) { _, newTimer in
            game?.setTimer(newTimer.turnTimer)
        }
        .toolbar {
            if inSheet {
                ToolbarItem(placement: .confirmationAction) {
                    Button("action_done") { dismiss() }
                }
            }
        }
    }
}
