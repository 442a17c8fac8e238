import MillsCore
import SwiftUI

/// On the rules screen, always: the game's lessons and how far the player is ("3 of 7").
struct RulesLessonsSection: View {
    let game: GameId
    @State private var progress: CourseProgress?

    var body: some View {
        Section {
            NavigationLink {
                CourseScreen(game: game)
            } label: {
                LabeledContent {
                    if let progress {
                        Text("lessons_progress_short \(Int(progress.solved)) \(Int(progress.total))")
                    }
                } label: {
                    Label("rules_lessons", systemImage: "graduationcap")
                }
            }
            .accessibilityLabel(Text("rules_lessons"))
            .accessibilityValue(progressText)
            // Read again whenever the rules come back on screen (a lesson may have been solved).
            .onAppear(perform: reload)
            .onChange(of: game) { _, _ in reload() }
        }
    }

    private var progressText: Text {
        guard let progress else { return Text(verbatim: "") }
        return Text("lessons_progress \(Int(progress.solved)) \(Int(progress.total))")
    }

    private func reload() {
        progress = LessonProgressStore.standard?.course(game)
    }
}
