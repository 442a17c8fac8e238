import Foundation
import SwiftUI

@main
struct MillsApp: App {
    @State private var model = AppModel(locations: try? SaveLocations.standard(), announce: VoiceOver.announce)
    @AppStorage(SettingsKey.theme) private var theme = SettingsDefault.theme
    @AppStorage(SettingsKey.onlineServer) private var onlineServer = SettingsDefault.onlineServer
    @AppStorage(SettingsKey.onlineName) private var onlineName = SettingsDefault.onlineName
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            HomeScreen()
                .environment(model)
                .preferredColorScheme(theme.colorScheme)
                // A game record (a text file) opened in Mills from another app, or an
                // invite link (mills://join/CODE, https://SERVER/join/CODE).
                .onOpenURL { url in
                    if url.isFileURL {
                        model.openRecord(at: url)
                    } else {
                        model.friend.open(url, settings: OnlineSettings(server: onlineServer, name: onlineName))
                    }
                }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    guard let url = activity.webpageURL else { return }
                    model.friend.open(url, settings: OnlineSettings(server: onlineServer, name: onlineName))
                }
        }
        .onChange(of: scenePhase) { _, phase in
            model.setForeground(phase == .active)
            // the online room's connection closes in the background and reopens at once
            // when the app is back (the server keeps the game and its clock)
            switch phase {
            case .background: model.friend.enterBackground()
            case .active: model.friend.enterForeground()
            default: break
            }
        }
    }
}
