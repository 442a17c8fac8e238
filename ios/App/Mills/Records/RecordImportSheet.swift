import SwiftUI
import UniformTypeIdentifiers

/// Opens a game record someone shared: pasted from the clipboard (the system's Paste
/// button, which asks no permission) or read from a text file. The engine checks it whole;
/// a bad one shows the engine's reason and loads nothing, a good one opens in review (asked
/// first if it would end the unfinished game).
struct RecordImportSheet: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss
    @State private var picksFile = false

    var body: some View {
        Form {
            Section {
                PasteButton(payloadType: String.self) { strings in
                    let text = strings.first { !$0.isEmpty }
                    Task { @MainActor in open(text) }
                }
                Button {
                    picksFile = true
                } label: {
                    Label("import_record_file", systemImage: "doc")
                }
            } footer: {
                Text("import_record_summary")
            }
            if let message = app.recordError {
                Section {
                    Label {
                        VStack(alignment: .leading, spacing: 4) {
                            Text(verbatim: message)
                            Text("import_error_nothing_loaded")
                                .font(.footnote)
                                .foregroundStyle(.secondary)
                        }
                    } icon: {
                        Image(systemName: "exclamationmark.triangle.fill")
                            .foregroundStyle(.orange)
                    }
                    .accessibilityElement(children: .combine)
                } header: {
                    Text("import_error_title")
                }
            }
        }
        .navigationTitle("import_record")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("action_cancel") { dismiss() }
            }
        }
        .fileImporter(isPresented: $picksFile, allowedContentTypes: [.plainText]) { result in
            switch result {
            case .success(let url):
                app.openRecord(at: url)
                finishIfOpened()
            case .failure(let error):
                app.recordError = userMessage(for: error)
            }
        }
        .confirmsRecordReplacement(app) { dismiss() }
        .onAppear { app.recordError = nil }
        .onChange(of: app.recordError) { _, message in
            if let message { VoiceOver.announce(message) }
        }
    }

    private func open(_ text: String?) {
        guard let text else {
            app.recordError = String(localized: "import_clipboard_empty")
            return
        }
        app.openRecord(text)
        finishIfOpened()
    }

    /// A record that opened leaves the sheet for the game, in review (one that would end the
    /// unfinished game is asked about first, and leaves once the player agrees).
    private func finishIfOpened() {
        if app.recordError == nil, app.recordToConfirm == nil {
            dismiss()
        }
    }
}
