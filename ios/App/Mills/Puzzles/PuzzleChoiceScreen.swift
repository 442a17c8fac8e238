import MillsCore
import SwiftUI

/// One game's puzzles by kind and grade, easiest first, the solved ones ticked. A puzzle
/// opens on its own screen, with the next of the list as its Next.
struct PuzzleChoiceScreen: View {
    @Environment(AppModel.self) private var app
    private let game: GameId
    @State private var model: PuzzleChoiceModel?
    @State private var puzzle: PuzzleModel?

    init(game: GameId) {
        self.game = game
    }

    var body: some View {
        List {
            if let model {
                Section {
                    Picker("puzzle_kind", selection: Binding(get: { @MainActor in model.kindChoice }, set: { @MainActor in model.select(kind: $0) })) {
                        ForEach(PuzzleKindChoice.allCases, id: \.self) { choice in
                            Text(verbatim: PuzzleText.kindChoice(choice)).tag(choice)
                        }
                    }
                    .pickerStyle(.segmented)
                    .accessibilityLabel(Text("puzzle_kind"))
                    if !model.grades.isEmpty {
                        Picker("puzzle_grade", selection: Binding(get: { @MainActor in model.grade }, set: { @MainActor in model.select($0) })) {
                            // only the grades the game has puzzles of: an empty grade would be a dead end
                            ForEach(model.grades, id: \.self) { grade in
                                Text(verbatim: PuzzleText.grade(grade)).tag(grade)
                            }
                        }
                        .pickerStyle(.segmented)
                        .accessibilityLabel(Text("puzzle_grade"))
                    }
                } footer: {
                    if let easiest = model.easiestGrade, !model.missingGrades.isEmpty {
                        Text(verbatim: model.missingGrades.map { PuzzleText.missingGrade($0, of: game, easiest: easiest) }.joined(separator: "\n"))
                    }
                }
                if let none = model.noneOfKind {
                    // a kind the game has no puzzle of yet: said in words, not a blank list
                    Section {
                        Text(verbatim: none)
                    }
                }
                Section {
                    ForEach(Array(model.puzzles.enumerated()), id: \.element.id) { index, info in
                        Button {
                            model.open(info, after: app.endgameTables) { puzzle = $0 }
                        } label: {
                            PuzzleRow(number: index + 1, puzzle: info, isSolved: model.isSolved(info))
                        }
                        .buttonStyle(.plain)
                        .accessibilityLabel(description(index + 1, info, solved: model.isSolved(info)))
                    }
                } footer: {
                    Text("puzzles_count \(model.puzzles.count)")
                }
                TablesProgressSection(state: app.endgameTables.state, waiting: model.tablesWait.isWaiting)
                if let message = model.error {
                    Section {
                        Text(verbatim: message)
                            .foregroundStyle(.red)
                    }
                }
            }
        }
        .navigationTitle(Text(verbatim: GameCatalog.name(of: game)))
        .onDisappear { model?.tablesWait.cancel() }
        .navigationDestination(isPresented: puzzleShown) {
            if let puzzle {
                PuzzleScreen(model: puzzle)
            }
        }
        .onAppear {
            if let model {
                model.reload()
            } else {
                model = PuzzleChoiceModel(game: game, announce: VoiceOver.announce)
            }
        }
    }

    // @MainActor closures: they read the view's state (SwiftUI calls them on the main actor).
    private var puzzleShown: Binding<Bool> {
        Binding(get: { @MainActor in puzzle != nil }, set: { @MainActor shown in if !shown { puzzle = nil } })
    }

    /// "Puzzle 3: Endgame · White · win in 5. Solved", for VoiceOver.
    private func description(_ number: Int, _ info: PuzzleInfo, solved: Bool) -> Text {
        let status = solved ? String(localized: "puzzles_solved_label") : String(localized: "puzzles_not_solved")
        let summary = PuzzleText.joined(PuzzleText.kind(info.kind), PuzzleText.summary(info))
        return Text("puzzle_item_description \(number) \(summary) \(status)")
    }
}

/// A puzzle in a list: its number, who moves and wins (or reaches the goal) in how many, its
/// kind, and a tick once solved.
struct PuzzleRow: View {
    let number: Int
    let puzzle: PuzzleInfo
    let isSolved: Bool

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: isSolved ? "checkmark.circle.fill" : "circle")
                .font(.title3)
                .foregroundStyle(isSolved ? Color.green : Color.secondary)
                .accessibilityHidden(true)
            Text(number, format: .number)
                .font(.body.monospacedDigit())
                .foregroundStyle(.secondary)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: PuzzleText.summary(puzzle))
                Text(verbatim: PuzzleText.kind(puzzle.kind))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            Image(systemName: "chevron.right")
                .font(.caption)
                .foregroundStyle(.tertiary)
                .accessibilityHidden(true)
        }
        .contentShape(Rectangle())
    }
}
