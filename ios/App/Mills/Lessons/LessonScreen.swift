import MillsCore
import SwiftUI

/// A lesson: what it teaches and its goal above the board, the board with the normal taps
/// and animations, what the lesson says about each try, and Hint, Try again and, once
/// solved, Next. Wide screens (iPad landscape) put the texts beside the board; at the
/// accessibility text sizes the screen scrolls, with the board as wide as the screen.
struct LessonScreen: View {
    let model: LessonModel
    /// Back to the course list.
    let onBack: () -> Void
    @AppStorage(SettingsKey.hapticsOn) private var hapticsOn = SettingsDefault.hapticsOn
    @AppStorage(SettingsKey.soundOn) private var soundOn = SettingsDefault.soundOn
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.dynamicTypeSize) private var typeSize
    @State private var isVisible = false

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
        .navigationTitle(Text(verbatim: model.lesson.title))
        .navigationBarTitleDisplayMode(.inline)
        .sensoryFeedback(.impact(weight: .heavy), trigger: model.feedback.removals) { _, _ in hapticsOn }
        .sensoryFeedback(.impact(weight: .light), trigger: model.feedback.moves) { _, _ in hapticsOn }
        .sensoryFeedback(.warning, trigger: model.feedback.refusals) { _, _ in hapticsOn }
        .sensoryFeedback(.success, trigger: model.feedback.endings) { _, _ in hapticsOn }
        .onChange(of: model.feedback) { old, new in
            guard soundOn else { return }
            SoundPlayer.play(for: old, to: new)
        }
        .onAppear {
            isVisible = true
            updateTimer()
        }
        .onDisappear {
            isVisible = false
            updateTimer()
        }
        .onChange(of: scenePhase) { _, _ in
            updateTimer()
        }
    }

    private var tallLayout: some View {
        VStack(spacing: 10) {
            LessonIntro(model: model)
            LessonSides(model: model)
            BoardView(model: model)
            LessonFeedback(model: model)
            LessonControls(model: model, onBack: onBack)
        }
    }

    private var wideLayout: some View {
        HStack(spacing: 24) {
            BoardView(model: model)
            VStack(spacing: 16) {
                Spacer(minLength: 0)
                LessonIntro(model: model)
                LessonSides(model: model)
                LessonFeedback(model: model)
                LessonControls(model: model, onBack: onBack)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: 440)
        }
    }

    /// The lesson's timer runs while the lesson is on screen and the app active.
    private func updateTimer() {
        model.setTimerAllowed(isVisible && scenePhase == .active)
    }
}

/// The lesson's place in the course, what it teaches, and its goal.
struct LessonIntro: View {
    let model: LessonModel

    private var lesson: LessonInfo { model.lesson }

    private var gameName: String {
        GameCatalog.name(of: lesson.game)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("lesson_position \(gameName) \(Int(lesson.index) + 1) \(model.courseLength)")
                .font(.caption.bold())
                .foregroundStyle(.secondary)
            Text(verbatim: lesson.text)
                .font(.callout)
                .fixedSize(horizontal: false, vertical: true)
            HStack(alignment: .top, spacing: 10) {
                Image(systemName: "target")
                    .font(.title3)
                    .foregroundStyle(Color.accentColor)
                    .accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 2) {
                    Text("lesson_goal")
                        .font(.caption.bold())
                        .foregroundStyle(.secondary)
                    Text(verbatim: lesson.goal)
                        .font(.headline)
                        .fixedSize(horizontal: false, vertical: true)
                }
                Spacer(minLength: 0)
            }
            .padding(10)
            .background(RoundedRectangle(cornerRadius: 12).fill(Color.accentColor.opacity(0.12)))
            .accessibilityElement(children: .combine)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
