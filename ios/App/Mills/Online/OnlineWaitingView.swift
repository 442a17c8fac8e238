import MillsCore
import SwiftUI
import UIKit

/// The room waits for the friend: the invite code in large letters, the share sheet with
/// the link, copying the code, and leaving.
struct OnlineWaitingView: View {
    let room: OnlineGameModel
    let onLeave: () -> Void

    var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                ProgressView()
                    .accessibilityHidden(true)
                Text("online_waiting")
                    .font(.headline)
                    .multilineTextAlignment(.center)
                if let code = room.displayCode {
                    Text(verbatim: code)
                        .font(.system(.largeTitle, design: .monospaced).weight(.bold))
                        .textSelection(.enabled)
                        // read letter by letter: "k7qm" is a code, not a word
                        .accessibilityLabel(Text("online_code_shown \(Text(verbatim: code).speechSpellsOutCharacters())"))
                    if let timerText = room.timerText {
                        Text(verbatim: timerText)
                    }
                    if let link = room.inviteLink {
                        ShareLink(
                            item: link,
                            subject: Text("online_title"),
                            message: Text("online_invite_text \(GameCatalog.name(of: room.game)) \(link) \(code)")
                        ) {
                            Label("online_share_invite", systemImage: "square.and.arrow.up")
                                .frame(maxWidth: .infinity)
                        }
                        .buttonStyle(.borderedProminent)
                    }
                    Button {
                        UIPasteboard.general.string = code
                    } label: {
                        Label("action_copy", systemImage: "doc.on.doc")
                            .frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                }
                ConnectionBannerView(model: room)
                Button("online_leave", role: .destructive) { onLeave() }
            }
            .controlSize(.large)
            .padding(24)
            .frame(maxWidth: 520)
            .frame(maxWidth: .infinity)
        }
    }
}

/// What the connection does, when it is not simply connected, with Try again when the
/// engine has stopped trying by itself.
struct ConnectionBannerView: View {
    let model: OnlineGameModel

    var body: some View {
        if let banner = model.connectionBanner {
            HStack(spacing: 10) {
                Image(systemName: "wifi.exclamationmark")
                    .accessibilityHidden(true)
                Text(verbatim: banner.text)
                    .font(.callout)
                    .frame(maxWidth: .infinity, alignment: .leading)
                if banner.offersRetry {
                    Button("online_retry") { model.resume() }
                        .buttonStyle(.bordered)
                }
            }
            .padding(10)
            .background(RoundedRectangle(cornerRadius: 10).fill(Color.orange.opacity(0.18)))
            .accessibilityElement(children: .contain)
        }
    }
}
