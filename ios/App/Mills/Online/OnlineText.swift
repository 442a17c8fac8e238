import Foundation
import MillsCore

/// The connection banner over an online game: nil while all is well.
struct ConnectionBanner: Equatable {
    let text: String
    /// The session is not trying by itself: a Retry button helps (it calls `resume()`).
    let offersRetry: Bool
}

/// The online screens' words, from the engine's states and the protocol's error ids.
enum OnlineText {
    /// What the banner says about the connection; nil when connected.
    static func banner(for state: ConnectionState) -> ConnectionBanner? {
        switch state {
        case .connected:
            nil
        case .connecting:
            ConnectionBanner(text: String(localized: "online_connecting"), offersRetry: false)
        case .reconnecting(let attempt, _):
            ConnectionBanner(text: String(localized: "online_reconnecting \(Int(attempt))"), offersRetry: false)
        case .offline(.paused):
            ConnectionBanner(text: String(localized: "online_paused"), offersRetry: true)
        case .offline(.shutDown):
            ConnectionBanner(text: String(localized: "online_closed"), offersRetry: false)
        case .offline(.refused(let code, _)):
            ConnectionBanner(text: refused(code), offersRetry: true)
        case .offline(.untrustedServer):
            // The engine did not connect and waits for Retry (a fixed certificate, say).
            ConnectionBanner(text: String(localized: "online_untrusted_server"), offersRetry: true)
        }
    }

    /// "Bo is away · 2 min. The game waits on the server." from the engine's count of whole
    /// minutes (0: "under a minute"); nil while the friend is online (`minutes` nil).
    static func away(name: String, minutes: UInt32?) -> String? {
        guard let minutes else { return nil }
        let duration = minutes == 0
            ? String(localized: "online_away_under_minute")
            : String(localized: "online_away_minutes \(Int(minutes))")
        return String(localized: "online_opponent_away_for \(name) \(duration)")
    }

    /// Why the server refused the room for good, by the protocol's error id.
    static func refused(_ code: String) -> String {
        switch code {
        case "unknown-code": String(localized: "online_refused_unknown_code")
        case "room-full": String(localized: "online_refused_room_full")
        case "not-in-room": String(localized: "online_refused_not_in_room")
        case "unsupported-version": String(localized: "online_refused_version")
        case "rate-limited": String(localized: "online_refused_busy")
        case "blocked": String(localized: "online_refused_blocked")
        case "name-refused": String(localized: "online_refused_name")
        default: String(localized: "online_refused_other")
        }
    }

    /// Why the server refused a request that is not a turn: a rematch with a blocked
    /// player, a report or block over the device's budget.
    static func requestRefused(_ code: String) -> String {
        switch code {
        case "blocked": String(localized: "online_rematch_blocked")
        case "too-many-reports": String(localized: "online_too_many_reports")
        default: String(localized: "online_refused_other")
        }
    }

    /// Why the server refused a turn (it was never drawn).
    static func turnRefused(_ code: String) -> String {
        switch code {
        case "not-your-turn", "stale-revision": String(localized: "online_turn_refused_late")
        case "game-over": String(localized: "error_game_over")
        default: String(localized: "online_turn_refused")
        }
    }
}

extension OnlineGameModel {
    /// The status line under the board, as a local game's (`GameStatus`).
    var statusLine: GameStatus {
        GameStatus(turn: liveTurn, detail: notice.map(noticeText) ?? liveDetail, isNotice: notice != nil)
    }

    var connectionBanner: ConnectionBanner? {
        OnlineText.banner(for: status.connection)
    }

    private var liveTurn: String {
        if let result = snapshot.outcome {
            return names.headline(for: result)
        }
        switch phase {
        case .connecting, .refused: return String(localized: "online_connecting")
        case .waiting: return String(localized: "online_waiting")
        case .playing, .finished: break
        }
        return isMyTurn ? String(localized: "turn_yours") : String(localized: "turn_player \(names.name(snapshot.toMove))")
    }

    private var liveDetail: String {
        if status.awaitingServer {
            return String(localized: "online_sending")
        }
        if !isMyTurn, phase == .playing {
            return String(localized: "online_their_turn \(names.name(opponent))")
        }
        if phase == .finished, waitsForRematch {
            return String(localized: "online_rematch_asked \(names.name(opponent))")
        }
        return snapshot.next.prompt
    }

    private func noticeText(_ notice: OnlineNotice) -> String {
        switch notice {
        case .refused(let refusal): refusal.message
        case .notYourTurn: String(localized: "online_not_your_turn")
        case .awaitingServer: String(localized: "online_sending")
        case .notStarted: String(localized: "online_not_started")
        case .turnRefused(let code): OnlineText.turnRefused(code)
        case .timedOut(let player): String(localized: "announce_timed_out \(names.name(player))")
        case .failure(let message): message
        case .reported: String(localized: "online_report_sent")
        case .blocked: String(localized: "online_blocked")
        case .requestRefused(let code): OnlineText.requestRefused(code)
        }
    }
}
