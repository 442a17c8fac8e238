import SwiftUI

/// The turn timer around the side to move: a ring that empties as the turn runs out,
/// turning red in the last ten seconds, with the seconds left in the middle.
struct TimerRing: View {
    let clock: TurnClock
    let diameter: CGFloat

    var body: some View {
        TimelineView(.periodic(from: .now, by: 0.1)) { context in
            let remaining = clock.remaining(at: context.date)
            let seconds = Int(remaining.rounded(.up))
            let urgent = remaining <= 10
            ZStack {
                Circle()
                    .stroke(Color.secondary.opacity(0.25), lineWidth: diameter * 0.1)
                Circle()
                    .trim(from: 0, to: clock.fraction(at: context.date))
                    .stroke(
                        urgent ? Color.red : Color.accentColor,
                        style: StrokeStyle(lineWidth: diameter * 0.1, lineCap: .round)
                    )
                    .rotationEffect(.degrees(-90))
                Text(seconds, format: .number)
                    .font(.caption.monospacedDigit().weight(.semibold))
                    .minimumScaleFactor(0.5)
                    .foregroundStyle(urgent ? Color.red : Color.primary)
            }
            .frame(width: diameter, height: diameter)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(clock.spokenTimeLeft(at: context.date))
        }
    }
}

extension TurnClock {
    /// "12 seconds left", or "Timer paused", for VoiceOver.
    func spokenTimeLeft(at date: Date) -> Text {
        isRunning ? Text("timer_seconds_left \(Int(remaining(at: date).rounded(.up)))") : Text("timer_paused")
    }
}
