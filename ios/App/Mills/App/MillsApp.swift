import SwiftUI

@main
struct MillsApp: App {
    @State private var model = AppModel()
    @AppStorage(SettingsKey.theme) private var theme = SettingsDefault.theme
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            HomeScreen()
                .environment(model)
                .preferredColorScheme(theme.colorScheme)
        }
        .onChange(of: scenePhase) { _, phase in
            model.scenePhaseChanged(to: phase)
        }
    }
}
