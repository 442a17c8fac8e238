import SwiftUI

/// Under the board: the model's status in two lines (`GameModel.status`); a tap dismisses
/// a notice.
struct StatusLine: View {
    let model: GameModel

    var body: some View {
        let status = model.status
        VStack(spacing: 2) {
            Text(verbatim: status.turn)
                .font(.headline)
            Text(verbatim: status.detail)
                .font(.callout)
                .foregroundStyle(status.isNotice ? Color.orange : Color.secondary)
        }
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 48)
        .contentShape(Rectangle())
        .onTapGesture { model.dismissNotice() }
        .animation(.default, value: model.notice)
        .accessibilityElement(children: .combine)
    }
}
