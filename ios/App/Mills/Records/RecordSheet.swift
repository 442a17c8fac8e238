import MillsCore
import SwiftUI
import UIKit

/// The game as a text record (the engine's `exportRecord`, docs/records.md): shown as it
/// will be shared, with the share sheet and a copy to the clipboard.
struct RecordSheet: View {
    let model: GameModel
    @Environment(\.dismiss) private var dismiss
    @State private var record: Result<String, MillsErrorText>?
    @State private var copied = false

    var body: some View {
        Group {
            switch record {
            case .success(let text):
                exported(text)
            case .failure(let error):
                ContentUnavailableView {
                    Label("record_title", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(verbatim: error.message)
                }
            case nil:
                ProgressView()
            }
        }
        .navigationTitle("record_title")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("action_done") { dismiss() }
            }
        }
        .task {
            do {
                record = .success(try model.exportRecord())
            } catch {
                record = .failure(MillsErrorText(message: userMessage(for: error)))
            }
        }
    }

    private func exported(_ text: String) -> some View {
        VStack(spacing: 12) {
            ScrollView {
                Text(verbatim: text)
                    .font(.callout.monospaced())
                    .textSelection(.enabled)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding()
            }
            .background(RoundedRectangle(cornerRadius: 12).fill(Color.secondary.opacity(0.08)))
            .accessibilityLabel(Text("record_title"))
            HStack(spacing: 12) {
                ShareLink(item: text, subject: Text("record_share_subject")) {
                    Label("action_share", systemImage: "square.and.arrow.up")
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                Button {
                    UIPasteboard.general.string = text
                    copied = true
                    VoiceOver.announce(String(localized: "announce_record_copied"))
                } label: {
                    Label(copied ? LocalizedStringKey("announce_record_copied") : LocalizedStringKey("action_copy"), systemImage: copied ? "checkmark" : "doc.on.doc")
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.bordered)
            }
            .controlSize(.large)
        }
        .padding()
    }
}

/// An engine error already put into words, as a value a view can hold.
struct MillsErrorText: Error, Equatable {
    let message: String
}
