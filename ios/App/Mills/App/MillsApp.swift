import SwiftUI

@main
struct MillsApp: App {
    @State private var model = AppModel(locations: try? SaveLocations.standard(), announce: VoiceOver.announce)
    @AppStorage(SettingsKey.theme) private var theme = SettingsDefault.theme
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            HomeScreen()
                .environment(model)
                .preferredColorScheme(theme.colorScheme)
                // A game record (a text file) opened in Mills from another app.
                .onOpenURL { url in
                    guard url.isFileURL else { return }
                    model.openRecord(at: url)
                }
        }
        .onChange(of: scenePhase) { _, phase in
            model.setForeground(phase == .active)
        }
    }
}
