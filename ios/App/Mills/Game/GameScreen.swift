import MillsCore
import SwiftUI

/// The game: the board between the two sides, the status line and the controls. In
/// pass-and-play with "Face to face" on (a tablet flat on the table), the far side's panel
/// is turned towards them. Wide screens (iPad landscape) put the panels beside the board.
struct GameScreen: View {
    let model: GameModel
    let onHome: () -> Void
    @AppStorage(SettingsKey.faceToFace) private var faceToFace = SettingsDefault.faceToFace
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn
    @State private var showsRules = false
    @State private var showsSettings = false

    private var facesEachOther: Bool {
        faceToFace && model.isPassAndPlay
    }

    /// The side drawn below the board: the human against the computer, P1 otherwise.
    private var nearPlayer: Player { model.humanPlayer ?? .p1 }
    private var farPlayer: Player { nearPlayer == .p1 ? .p2 : .p1 }

    var body: some View {
        GeometryReader { proxy in
            let wide = proxy.size.width >= 600 && proxy.size.width > proxy.size.height * 1.15
            Group {
                if wide {
                    wideLayout
                } else {
                    tallLayout
                }
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
        }
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbar }
        .sheet(isPresented: $showsRules) {
            NavigationStack { RulesScreen(initialGame: model.game, inSheet: true) }
        }
        .sheet(isPresented: $showsSettings) {
            NavigationStack { SettingsScreen(game: model, inSheet: true) }
        }
        .sheet(isPresented: Binding(get: { model.showsResult }, set: { model.showsResult = $0 })) {
            if let result = model.snapshot.outcome {
                ResultSheet(model: model, result: result, onHome: onHome)
            }
        }
        .sensoryFeedback(.impact(weight: .heavy), trigger: model.feedback.removals) { _, _ in hapticsOn }
        .sensoryFeedback(.impact(weight: .light), trigger: model.feedback.moves) { _, _ in hapticsOn }
        .sensoryFeedback(.warning, trigger: model.feedback.refusals) { _, _ in hapticsOn }
        .sensoryFeedback(.success, trigger: model.feedback.endings) { _, _ in hapticsOn }
        .onChange(of: model.feedback) { old, new in
            guard soundOn else { return }
            SoundPlayer.play(for: old, to: new)
        }
    }

    private var gameName: String {
        GameCatalog.all.first { $0.game == model.game }?.name ?? ""
    }

    private var tallLayout: some View {
        VStack(spacing: 10) {
            PlayerPanel(model: model, player: farPlayer)
                .rotationEffect(.degrees(facesEachOther ? 180 : 0))
            BoardView(model: model)
            StatusLine(model: model)
            PlayerPanel(model: model, player: nearPlayer)
            GameControls(model: model)
        }
    }

    private var wideLayout: some View {
        HStack(spacing: 24) {
            BoardView(model: model)
            VStack(spacing: 16) {
                Spacer(minLength: 0)
                PlayerPanel(model: model, player: farPlayer)
                    .rotationEffect(.degrees(facesEachOther ? 180 : 0))
                StatusLine(model: model)
                PlayerPanel(model: model, player: nearPlayer)
                GameControls(model: model)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: 440)
        }
    }

    /// "Zhi Qi · 十二子直棋" over "vs Computer · Casual" or "Pass & play".
    private var title: some View {
        VStack(spacing: 0) {
            Text(verbatim: gameName)
                .font(.headline)
            modeText
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isHeader)
    }

    private var modeText: Text {
        if case .vsComputer(_, let level) = model.snapshot.config.mode {
            return Text("mode_vs_computer \(Text(EngineChoices.levelTitle(Int(level))))")
        }
        return Text("mode_pass_and_play")
    }

    @ToolbarContentBuilder private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .principal) {
            title
        }
        ToolbarItemGroup(placement: .topBarTrailing) {
            Button {
                showsRules = true
            } label: {
                Label("action_rules", systemImage: "book")
            }
            Button {
                showsSettings = true
            } label: {
                Label("action_settings", systemImage: "gearshape")
            }
        }
    }
}
