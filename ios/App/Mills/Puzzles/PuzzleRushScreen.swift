import MillsCore
import SwiftUI

/// A rush: before the start, what it is and the best so far; then the clock, the count of
/// solved puzzles and the puzzle on the board (no hints, no retries: a wrong turn moves on);
/// at the end, the score and whether it is a new best, and another rush.
struct PuzzleRushScreen: View {
    @State private var model: PuzzleRushModel
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn
    @Environment(\.scenePhase) private var scenePhase
    @State private var isVisible = false

    init(model: PuzzleRushModel) {
        _model = State(initialValue: model)
    }

    var body: some View {
        VStack(spacing: 10) {
            switch model.phase {
            case .ready:
                start
            case .running:
                RushBar(model: model)
                if let puzzle = model.current {
                    PuzzleGoal(model: puzzle)
                    BoardView(model: puzzle)
                    PuzzleFeedback(model: puzzle)
                }
            case .over:
                summary
            }
            if let message = model.error {
                Text(verbatim: message)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 8)
        .navigationTitle(Text("puzzles_rush_title \(GameCatalog.name(of: model.game))"))
        .navigationBarTitleDisplayMode(.inline)
        .sensoryFeedback(.success, trigger: model.solved) { _, _ in hapticsOn }
        .sensoryFeedback(.warning, trigger: model.missed) { _, _ in hapticsOn }
        .onChange(of: model.current?.feedback) { old, new in
            guard soundOn, let old, let new else { return }
            SoundPlayer.play(for: old, to: new)
        }
        .onAppear {
            isVisible = true
            updateClock()
        }
        .onDisappear {
            isVisible = false
            updateClock()
        }
        .onChange(of: scenePhase) { _, _ in
            updateClock()
        }
    }

    private var start: some View {
        VStack(spacing: 16) {
            Spacer(minLength: 0)
            Image(systemName: "stopwatch")
                .font(.system(size: 56))
                .foregroundStyle(Color.accentColor)
                .accessibilityHidden(true)
            Text("puzzles_rush_intro \(Int(model.clock.length / 60))")
                .multilineTextAlignment(.center)
            Text("puzzles_best_rush \(model.previousBest)")
                .foregroundStyle(.secondary)
            Button {
                model.start()
                updateClock()
            } label: {
                Label("puzzles_rush_start", systemImage: "play.fill")
                    .frame(maxWidth: 320)
            }
            .buttonStyle(.borderedProminent)
            .accessibilityLabel(Text("puzzles_rush_start"))
            Spacer(minLength: 0)
        }
    }

    private var summary: some View {
        VStack(spacing: 16) {
            Spacer(minLength: 0)
            Text("puzzles_rush_over")
                .font(.title2.bold())
                .accessibilityAddTraits(.isHeader)
            Text("puzzles_rush_score \(model.solved)")
                .font(.title3)
            if model.isNewBest {
                Label("puzzles_rush_new_best", systemImage: "trophy.fill")
                    .foregroundStyle(.orange)
            } else {
                Text("puzzles_best_rush \(model.previousBest)")
                    .foregroundStyle(.secondary)
            }
            Button {
                model = PuzzleRushModel(game: model.game, stats: PuzzleStatsStore.standard, announce: VoiceOver.announce)
            } label: {
                Label("puzzles_rush_again", systemImage: "arrow.counterclockwise")
                    .frame(maxWidth: 320)
            }
            .buttonStyle(.borderedProminent)
            .accessibilityLabel(Text("puzzles_rush_again"))
            Spacer(minLength: 0)
        }
    }

    /// The rush's clock runs while it is on screen and the app active.
    private func updateClock() {
        model.setOnScreen(isVisible && scenePhase == .active)
    }
}

/// The time left (a bar and minutes:seconds) and the puzzles solved and missed so far.
struct RushBar: View {
    let model: PuzzleRushModel

    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { context in
            let left = model.clock.remaining(at: context.date)
            VStack(spacing: 4) {
                HStack {
                    Label {
                        Text(Duration.seconds(left.rounded(.up)), format: .time(pattern: .minuteSecond))
                            .monospacedDigit()
                    } icon: {
                        Image(systemName: "stopwatch")
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text("puzzles_rush_time_left \(Int(left.rounded(.up)))"))
                    Spacer()
                    Label {
                        Text(model.solved, format: .number)
                    } icon: {
                        Image(systemName: "checkmark.circle.fill")
                            .foregroundStyle(.green)
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text("puzzles_rush_solved \(model.solved)"))
                    Label {
                        Text(model.missed, format: .number)
                    } icon: {
                        Image(systemName: "xmark.circle.fill")
                            .foregroundStyle(.orange)
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text("puzzles_rush_missed \(model.missed)"))
                }
                .font(.headline)
                ProgressView(value: model.clock.fraction(at: context.date))
                    .accessibilityHidden(true)
            }
        }
    }
}
