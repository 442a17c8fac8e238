import MillsCore
import SwiftUI

/// A puzzle: its goal ("White to move and win in 5") above the board, the board with the
/// normal taps and animations, what the engine said about the last turn, and Hint, Retry and
/// Next. Wide screens (iPad landscape) put the texts beside the board; at the accessibility
/// text sizes the screen scrolls, with the board as wide as the screen.
struct PuzzleScreen: View {
    let model: PuzzleModel
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        GeometryReader { proxy in
            let wide = proxy.size.width >= 600 && proxy.size.width > proxy.size.height * 1.15
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
        .navigationTitle("puzzle_title")
        .navigationBarTitleDisplayMode(.inline)
        .sensoryFeedback(.impact(weight: .heavy), trigger: model.feedback.removals) { _, _ in hapticsOn }
        .sensoryFeedback(.impact(weight: .light), trigger: model.feedback.moves) { _, _ in hapticsOn }
        .sensoryFeedback(.warning, trigger: model.feedback.refusals) { _, _ in hapticsOn }
        .sensoryFeedback(.success, trigger: model.feedback.endings) { _, _ in hapticsOn }
        .onChange(of: model.feedback) { old, new in
            guard soundOn else { return }
            SoundPlayer.play(for: old, to: new)
        }
    }

    private var tallLayout: some View {
        VStack(spacing: 10) {
            PuzzleGoal(model: model)
            BoardView(model: model)
            PuzzleFeedback(model: model)
            PuzzleControls(model: model)
        }
    }

    private var wideLayout: some View {
        HStack(spacing: 24) {
            BoardView(model: model)
            VStack(spacing: 16) {
                Spacer(minLength: 0)
                PuzzleGoal(model: model)
                PuzzleFeedback(model: model)
                PuzzleControls(model: model)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: 440)
        }
    }
}

/// The puzzle's game, kind and grade, and its goal (the engine's words).
struct PuzzleGoal: View {
    let model: PuzzleModel

    private var gameName: String {
        GameCatalog.name(of: model.puzzle.game)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("puzzle_heading \(gameName) \(PuzzleText.joined(PuzzleText.kind(model.puzzle.kind), PuzzleText.grade(model.puzzle.grade)))")
                .font(.caption.bold())
                .foregroundStyle(.secondary)
            HStack(alignment: .top, spacing: 10) {
                Image(systemName: "target")
                    .font(.title3)
                    .foregroundStyle(Color.accentColor)
                    .accessibilityHidden(true)
                Text(verbatim: model.goal)
                    .font(.headline)
                    .fixedSize(horizontal: false, vertical: true)
                Spacer(minLength: 0)
            }
            .padding(10)
            .background(RoundedRectangle(cornerRadius: 12).fill(Color.accentColor.opacity(0.12)))
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityElement(children: .combine)
    }
}
