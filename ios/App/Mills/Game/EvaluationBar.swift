import MillsCore
import SwiftUI

/// Who stands better in the live game, from the engine (`evaluate`): White's share of the
/// bar and the engine's verdict in words ("White is better", "Black wins in 7 turns").
/// Shown when the evaluation bar is on in Settings.
struct EvaluationBar: View {
    let evaluation: Evaluation?
    @AppStorage(SettingsKey.boardStyle) private var style = SettingsDefault.boardStyle
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        let palette = style.palette(for: colorScheme)
        VStack(spacing: 3) {
            GeometryReader { proxy in
                let share = CGFloat(min(max(evaluation?.bar ?? 0.5, 0), 1))
                ZStack(alignment: .leading) {
                    Capsule().fill(palette.color(of: .p2))
                    Capsule()
                        .fill(palette.color(of: .p1))
                        .frame(width: proxy.size.width * share)
                    Capsule().strokeBorder(palette.rim(of: .p2), lineWidth: 1)
                }
                .animation(.easeInOut(duration: 0.4), value: share)
            }
            .frame(height: 10)
            words
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(1)
                .minimumScaleFactor(0.8)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityWords)
    }

    /// "Evaluation: White is better".
    private var accessibilityWords: Text {
        guard let evaluation else { return Text("eval_thinking") }
        return Text("eval_description \(evaluation.verdict.words)")
    }

    private var words: Text {
        guard let evaluation else { return Text("eval_thinking") }
        return Text(verbatim: evaluation.verdict.words)
    }
}
