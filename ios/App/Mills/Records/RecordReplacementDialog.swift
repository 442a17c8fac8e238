import SwiftUI

extension View {
    /// Asks before `AppModel.recordToConfirm` ends the unfinished game, while `isActive` (Home
    /// asks unless its import sheet is up, which asks itself). Cancelling keeps the game and
    /// loads nothing; opening runs `onOpened` once the record is open.
    @MainActor
    func confirmsRecordReplacement(
        _ app: AppModel,
        isActive: Bool = true,
        onOpened: @escaping () -> Void = {}
    ) -> some View {
        confirmationDialog(
            "confirm_open_record_title",
            isPresented: Binding(
                get: { @MainActor in isActive && app.recordToConfirm != nil },
                set: { @MainActor shown in if !shown { app.keepUnfinishedGame() } }
            ),
            titleVisibility: .visible,
            presenting: app.recordToConfirm
        ) { pending in
            Button("action_open_record", role: .destructive) {
                app.openRecord(pending.text, replacingUnfinished: true)
                if app.recordError == nil { onOpened() }
            }
            Button("action_cancel", role: .cancel) { app.keepUnfinishedGame() }
        } message: { pending in
            Text("confirm_open_record_text \(pending.gameName) \(pending.turn)")
        }
    }
}
