import MillsCore
import SwiftUI

/// The rules of the three games, in the app's language, as the engine serves them.
struct RulesScreen: View {
    @State private var game: GameId
    /// Shown in a sheet over the game (with a Done button) rather than pushed from Home.
    private let inSheet: Bool
    @Environment(\.dismiss) private var dismiss

    init(initialGame: GameId, inSheet: Bool = false) {
        _game = State(initialValue: initialGame)
        self.inSheet = inSheet
    }

    var body: some View {
        List {
            Section {
                Picker("rules_title", selection: $game) {
                    ForEach(GameCatalog.all, id: \.game) { entry in
                        Text(verbatim: entry.name).tag(entry.game)
                    }
                }
                .pickerStyle(.inline)
                .labelsHidden()
            }
            RulesLessonsSection(game: game)
            RulesTextSections(text: rulesText(game: game, locale: AppLanguage.current))
        }
        .navigationTitle("rules_title")
        .toolbar {
            if inSheet {
                ToolbarItem(placement: .confirmationAction) {
                    Button("action_done") { dismiss() }
                }
            }
        }
    }
}

/// One game's rules text: summary, key facts, quick start and the full sections.
struct RulesTextSections: View {
    let text: RulesText

    var body: some View {
        Section {
            VStack(alignment: .leading, spacing: 6) {
                Text(verbatim: text.name)
                    .font(.title2.bold())
                Text(verbatim: text.tagline)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                Text(verbatim: text.summary)
            }
            .padding(.vertical, 4)
        }
        Section("rules_key_facts") {
            ForEach(text.keyFacts, id: \.self) { Text(verbatim: $0) }
        }
        Section("rules_quick_start") {
            ForEach(Array(text.quickStart.enumerated()), id: \.offset) { item in
                Label {
                    Text(verbatim: item.element)
                } icon: {
                    Text(item.offset + 1, format: .number)
                        .font(.callout.bold().monospacedDigit())
                }
            }
        }
        Section {
            Text("rules_full")
                .font(.title3.bold())
                .accessibilityAddTraits(.isHeader)
        }
        ForEach(text.sections, id: \.title) { section in
            Section {
                ForEach(section.paragraphs, id: \.self) { Text(verbatim: $0) }
            } header: {
                Text(verbatim: section.title)
            }
        }
    }
}
