import MillsCore
import SwiftUI

/// The game: the board between the two sides, the status line and the controls. In
/// pass-and-play with "Face to face" on (a tablet flat on the table), the far side's panel
/// is turned towards them. Wide screens (iPad landscape) put the panels beside the board.
/// The move list folds under the game on an iPhone and is a column beside the board in
/// regular widths (iPad), in every layout; while reviewing, the review's controls stand
/// in for the game's. At the accessibility text sizes the tall layout scrolls, with the board
/// as wide as the screen (as a lesson's and a puzzle's do).
struct GameScreen: View {
    @Bindable var model: GameModel
    let onHome: () -> Void
    @AppStorage(SettingsKey.faceToFace) private var faceToFace = SettingsDefault.faceToFace
    @AppStorage(SettingsKey.evaluationBar) private var evaluationBar = SettingsDefault.evaluationBar
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(\.dynamicTypeSize) private var typeSize
    /// The folded move list is open (kept here: a phone on its side draws it in either of
    /// two arrangements).
    @State private var movesExpanded = false
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn

    private var facesEachOther: Bool {
        faceToFace && model.isPassAndPlay
    }

    private var nearPlayer: Player { model.nearPlayer }
    private var farPlayer: Player { model.farPlayer }

    var body: some View {
        GeometryReader { proxy in
            let wide = ScreenShape.isWide(proxy.size)
            Group {
                if wide {
                    wideLayout
                } else if typeSize.isAccessibilitySize {
                    ScrollView { tallLayout }
                } else {
                    tallLayout
                }
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
        }
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbar }
        // the model knows which sheet covers the board: the turn timer stands still under it
        .sheet(item: $model.sheet) { sheet in
            NavigationStack {
                switch sheet {
                case .rules: RulesScreen(initialGame: model.game, inSheet: true)
                case .settings: SettingsScreen(game: model, inSheet: true)
                case .record: RecordSheet(model: model)
                }
            }
        }
        .sheet(isPresented: $model.showsResult) {
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
        .task(id: ObjectIdentifier(model)) { model.advisor.setEvaluates(evaluationBar) }
        .onChange(of: evaluationBar) { _, on in model.advisor.setEvaluates(on) }
    }

    /// The move list beside the board (regular width) rather than folded under the game.
    private var listBesideBoard: Bool { sizeClass == .regular }

    /// The evaluation bar, when it is on and the live game is shown.
    @ViewBuilder private var evaluation: some View {
        if evaluationBar, !model.review.isReviewing {
            EvaluationBar(evaluation: model.advisor.evaluation)
        }
    }

    /// The game's controls, or the review's while reviewing.
    @ViewBuilder private var controls: some View {
        if model.review.isReviewing {
            ReviewControls(model: model)
        } else {
            GameControls(model: model)
        }
    }

    private var gameName: String {
        GameCatalog.name(of: model.game)
    }

    private var tallLayout: some View {
        HStack(alignment: .top, spacing: 16) {
            VStack(spacing: 10) {
                PlayerPanel(model: model, player: farPlayer)
                    .rotationEffect(.degrees(facesEachOther ? 180 : 0))
                evaluation
                BoardView(model: model)
                StatusLine(model: model)
                PlayerPanel(model: model, player: nearPlayer)
                controls
                if !listBesideBoard {
                    MoveListPanel(model: model, expanded: $movesExpanded)
                }
            }
            if listBesideBoard {
                MoveListColumn(model: model)
                    .frame(width: 240)
            }
        }
    }

    private var wideLayout: some View {
        HStack(spacing: 24) {
            BoardView(model: model)
            Group {
                if listBesideBoard {
                    // the column beside the board holds the move list below the controls
                    VStack(spacing: 16) {
                        sidePanels
                        MoveListColumn(model: model)
                            .frame(maxHeight: .infinity)
                    }
                } else {
                    // a phone on its side: centred while it fits, scrolling once the move
                    // list is open and it does not
                    ViewThatFits(in: .vertical) {
                        VStack(spacing: 16) {
                            Spacer(minLength: 0)
                            sidePanels
                            MoveListPanel(model: model, expanded: $movesExpanded)
                            Spacer(minLength: 0)
                        }
                        ScrollView {
                            VStack(spacing: 16) {
                                sidePanels
                                MoveListPanel(model: model, expanded: $movesExpanded)
                            }
                            .padding(.vertical, 8)
                        }
                        .scrollBounceBehavior(.basedOnSize)
                    }
                }
            }
            .frame(maxWidth: 440)
        }
    }

    /// The sides, the evaluation, the status and the controls, beside a wide board.
    @ViewBuilder private var sidePanels: some View {
        PlayerPanel(model: model, player: farPlayer)
            .rotationEffect(.degrees(facesEachOther ? 180 : 0))
        evaluation
        StatusLine(model: model)
        PlayerPanel(model: model, player: nearPlayer)
        controls
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
            return Text("mode_vs_computer \(Text(LocalizedStringKey(EngineChoices.levelNameKey(Int(level)))))")
        }
        return Text("mode_pass_and_play")
    }

    @ToolbarContentBuilder private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .principal) {
            title
        }
        ToolbarItemGroup(placement: .topBarTrailing) {
            Button {
                model.sheet = .record
            } label: {
                Label("action_record", systemImage: "square.and.arrow.up")
            }
            Button {
                model.sheet = .rules
            } label: {
                Label("action_rules", systemImage: "book")
            }
            Button {
                model.sheet = .settings
            } label: {
                Label("action_settings", systemImage: "gearshape")
            }
        }
    }
}
