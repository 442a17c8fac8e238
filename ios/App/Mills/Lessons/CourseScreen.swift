import MillsCore
import SwiftUI

/// One game's course: its lessons in order with their solved marks, "3 of 7 solved", and
/// starting the course again. A lesson opens on its own screen; coming back shows its mark.
/// The course's model is made once, when the screen first appears: SwiftUI builds this view
/// again at every redraw of the screen that links to it (a `NavigationLink` builds its
/// destination eagerly), and a `State(initialValue:)` would read the course each time.
struct CourseScreen: View {
    private let game: GameId
    /// Opened from the first-open offer: the first unsolved lesson starts at once.
    private let startsNextLesson: Bool
    @State private var course: CourseModel?

    init(game: GameId, startsNextLesson: Bool = false) {
        self.game = game
        self.startsNextLesson = startsNextLesson
    }

    var body: some View {
        Group {
            if let course {
                CourseList(course: course, startsNextLesson: startsNextLesson)
            } else {
                Color.clear
            }
        }
        .onAppear {
            if course == nil {
                course = CourseModel(game: game)
            }
        }
    }
}

/// The course's list, drawn from its model.
private struct CourseList: View {
    let course: CourseModel
    let startsNextLesson: Bool
    @State private var lesson: LessonModel?
    @State private var openError: String?
    @State private var confirmsReset = false
    @State private var startedNextLesson = false

    var body: some View {
        List {
            Section {
                VStack(alignment: .leading, spacing: 8) {
                    Text("lessons_course \(gameName)")
                        .font(.title3.bold())
                        .accessibilityAddTraits(.isHeader)
                    ProgressView(value: Double(course.solvedCount), total: Double(max(course.total, 1))) {
                        Text("lessons_progress \(course.solvedCount) \(course.total)")
                            .font(.subheadline)
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text("lessons_progress \(course.solvedCount) \(course.total)"))
                }
                .padding(.vertical, 4)
            } footer: {
                Text("lessons_intro")
            }
            Section {
                ForEach(course.lessons, id: \.id) { info in
                    Button {
                        open(info)
                    } label: {
                        LessonRow(lesson: info, isSolved: course.isSolved(info))
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(description(of: info))
                    .accessibilityHint(Text(verbatim: info.goal))
                }
            }
            Section {
                Button("lessons_reset", role: .destructive) {
                    confirmsReset = true
                }
                .disabled(course.solvedCount == 0)
                .accessibilityLabel(Text("lessons_reset"))
            }
            if let message = openError ?? course.error {
                Section {
                    Text(verbatim: message)
                        .foregroundStyle(.red)
                }
            }
        }
        .navigationTitle("lessons_title")
        .confirmationDialog("lessons_reset_title", isPresented: $confirmsReset, titleVisibility: .visible) {
            Button("lessons_reset_confirm", role: .destructive) { course.reset() }
            Button("action_cancel", role: .cancel) {}
        } message: {
            Text("lessons_reset_text \(gameName)")
        }
        .navigationDestination(isPresented: lessonShown) {
            if let lesson {
                LessonScreen(model: lesson) { self.lesson = nil }
            }
        }
        .onAppear {
            course.reload()
            if startsNextLesson, !startedNextLesson {
                startedNextLesson = true
                if let next = course.nextLesson { open(next) }
            }
        }
    }

    private var gameName: String {
        GameCatalog.name(of: course.game)
    }

    /// "Lesson 2 of 7: A double pin. Solved", for VoiceOver.
    private func description(of info: LessonInfo) -> Text {
        let status = course.isSolved(info) ? String(localized: "lessons_solved") : String(localized: "lessons_not_solved")
        return Text("lessons_item_description \(Int(info.index) + 1) \(course.total) \(info.title) \(status)")
    }

    // @MainActor closures: they read the view's state (SwiftUI calls them on the main actor).
    private var lessonShown: Binding<Bool> {
        Binding(get: { @MainActor in lesson != nil }, set: { @MainActor shown in if !shown { lesson = nil } })
    }

    private func open(_ info: LessonInfo) {
        do {
            lesson = try LessonModel(lessonId: info.id, locale: info.locale, progress: course.store, announce: VoiceOver.announce)
            openError = nil
        } catch {
            openError = userMessage(for: error)
        }
    }
}

/// A lesson in the course list: its title and goal, and a check once solved.
struct LessonRow: View {
    let lesson: LessonInfo
    let isSolved: Bool

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image(systemName: isSolved ? "checkmark.circle.fill" : "circle")
                .font(.title3)
                .foregroundStyle(isSolved ? Color.green : Color.secondary)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: lesson.title)
                    .font(.body.weight(.semibold))
                Text(verbatim: lesson.goal)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .fixedSize(horizontal: false, vertical: true)
            }
            Spacer(minLength: 0)
            Image(systemName: "chevron.right")
                .font(.caption)
                .foregroundStyle(.tertiary)
                .accessibilityHidden(true)
        }
        .contentShape(Rectangle())
        .padding(.vertical, 2)
    }
}
