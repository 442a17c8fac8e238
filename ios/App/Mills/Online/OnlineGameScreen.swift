import MillsCore
import SwiftUI

/// An online game: the connection banner, the friend's side, the board, the status line,
/// this device's side, and Resign and Leave; the result with a rematch once it is over.
/// The board is drawn, tapped and animated exactly as a local game's (`BoardView`). Wide
/// screens (iPad landscape, an iPhone on its side: `ScreenShape`, as the local game) put
/// the rest in a column beside the board.
struct OnlineGameScreen: View {
    @Bindable var model: OnlineGameModel
    let onLeave: () -> Void
    @State private var confirmsResign = false
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn

    var body: some View {
        GeometryReader { proxy in
            if ScreenShape.isWide(proxy.size) {
                wideLayout
            } else {
                tallLayout
            }
        }
        .navigationBarTitleDisplayMode(.inline)
        // "away · 2 min" moves on with no event from the session: read it again while shown
        .task(id: model.opponentAwayText != nil) {
            while model.opponentAwayText != nil, !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                model.refreshStatus()
            }
        }
        .toolbar {
            ToolbarItem(placement: .principal) {
                title
            }
        }
        .sheet(isPresented: $model.showsResult) {
            if let result = model.snapshot.outcome {
                OnlineResultSheet(model: model, result: result, onLeave: onLeave)
            }
        }
        .confirmationDialog("confirm_resign_title", isPresented: $confirmsResign, titleVisibility: .visible) {
            Button("action_resign", role: .destructive) { model.resign() }
            Button("action_cancel", role: .cancel) {}
        } message: {
            Text("confirm_resign_text")
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

    /// The board between the two sides, scrolling at large text sizes.
    private var tallLayout: some View {
        ScrollView {
            VStack(spacing: 10) {
                ConnectionBannerView(model: model)
                OnlinePlayerPanel(model: model, player: model.opponent)
                BoardView(model: model)
                status
                OnlinePlayerPanel(model: model, player: model.you)
                controls
                OnlineModerationButtons(model: model)
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
            .frame(maxWidth: 720)
            .frame(maxWidth: .infinity)
        }
    }

    /// The board as tall as the screen, the banner, sides, status and controls beside it
    /// (centred while they fit, scrolling when they do not).
    private var wideLayout: some View {
        HStack(spacing: 24) {
            BoardView(model: model)
            ViewThatFits(in: .vertical) {
                VStack(spacing: 16) {
                    Spacer(minLength: 0)
                    sidePanels
                    Spacer(minLength: 0)
                }
                ScrollView {
                    VStack(spacing: 16) { sidePanels }
                        .padding(.vertical, 8)
                }
                .scrollBounceBehavior(.basedOnSize)
            }
            .frame(maxWidth: 440)
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 8)
    }

    @ViewBuilder private var sidePanels: some View {
        ConnectionBannerView(model: model)
        OnlinePlayerPanel(model: model, player: model.opponent)
        status
        OnlinePlayerPanel(model: model, player: model.you)
        controls
        OnlineModerationButtons(model: model)
    }

    /// "Zhi Qi" over "You against Bo · Game 2".
    private var title: some View {
        VStack(spacing: 0) {
            Text(verbatim: GameCatalog.name(of: model.game))
                .font(.headline)
            Text("online_players_subtitle \(model.names.name(model.you)) \(model.names.name(model.opponent))")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isHeader)
    }

    private var status: some View {
        let line = model.statusLine
        return VStack(spacing: 2) {
            Text(verbatim: line.turn)
                .font(.headline)
            Text(verbatim: line.detail)
                .font(.callout)
                .foregroundStyle(line.isNotice ? Color.orange : Color.secondary)
        }
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 48)
        .contentShape(Rectangle())
        .onTapGesture { model.dismissNotice() }
        .animation(.default, value: model.notice)
        .accessibilityElement(children: .combine)
    }

    private var controls: some View {
        HStack(spacing: 8) {
            if model.isOver {
                ControlButton("action_rematch", systemImage: "arrow.clockwise", enabled: !model.waitsForRematch && !model.opponentBlocked) {
                    model.rematch()
                }
            } else {
                ControlButton("action_resign", systemImage: "flag", enabled: model.phase == .playing) {
                    confirmsResign = true
                }
            }
            ControlButton("online_leave", systemImage: "rectangle.portrait.and.arrow.right", enabled: true) {
                onLeave()
            }
        }
        .labelStyle(.verticalIfRoomy)
    }
}

/// The end of an online game: who won and why, the rematch (asked, or offered by the
/// friend), the record to share, and leaving the room.
struct OnlineResultSheet: View {
    let model: OnlineGameModel
    let result: Outcome
    let onLeave: () -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Image(systemName: result.winner == nil ? "equal.circle" : "trophy")
                    .font(.system(size: 44))
                    .foregroundStyle(Color.accentColor)
                    .accessibilityHidden(true)
                Text(verbatim: model.names.headline(for: result))
                    .font(.title.bold())
                    .multilineTextAlignment(.center)
                    .accessibilityAddTraits(.isHeader)
                Text(verbatim: model.names.explanation(for: result))
                    .font(.body)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                if model.opponentAskedRematch {
                    Text("online_rematch_offered \(model.names.name(model.opponent))")
                        .font(.headline)
                } else if model.waitsForRematch {
                    Text("online_rematch_asked \(model.names.name(model.opponent))")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
                VStack(spacing: 10) {
                    // the server seats a blocked pair together nowhere: no rematch to offer
                    if !model.opponentBlocked {
                        Button {
                            model.rematch()
                        } label: {
                            Text("action_rematch").frame(maxWidth: .infinity)
                        }
                        .buttonStyle(.borderedProminent)
                        .disabled(model.waitsForRematch)
                    }
                    if let record = model.record {
                        ShareLink(item: record, subject: Text("record_share_subject")) {
                            Label("action_record", systemImage: "square.and.arrow.up")
                                .frame(maxWidth: .infinity)
                        }
                        .buttonStyle(.bordered)
                    }
                    Button {
                        dismiss()
                    } label: {
                        Text("action_view_board").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                    Button("online_leave", role: .destructive) {
                        dismiss()
                        onLeave()
                    }
                    OnlineModerationButtons(model: model)
                }
                .controlSize(.large)
            }
            .padding(24)
        }
        .presentationDetents([.medium, .large])
    }
}
