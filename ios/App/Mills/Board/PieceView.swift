import MillsCore
import SwiftUI

/// One piece: a stone with a rim, turned over by pins, lifted when selected, ringed when
/// it stands in a mill.
struct PieceView: View {
    let owner: Player
    let diameter: CGFloat
    let palette: BoardPalette
    var flips = 0
    var isSelected = false
    var isInMill = false

    var body: some View {
        Circle()
            .fill(
                RadialGradient(
                    colors: [palette.color(of: owner).opacity(0.85), palette.color(of: owner)],
                    center: UnitPoint(x: 0.35, y: 0.3),
                    startRadius: 0,
                    endRadius: diameter * 0.7
                )
            )
            .overlay(Circle().strokeBorder(palette.rim(of: owner), lineWidth: diameter * 0.06))
            .overlay {
                if isInMill {
                    Circle()
                        .strokeBorder(palette.mill, lineWidth: diameter * 0.07)
                        .padding(diameter * 0.16)
                }
            }
            .frame(width: diameter, height: diameter)
            .shadow(color: .black.opacity(isSelected ? 0.45 : 0.25), radius: isSelected ? diameter * 0.18 : diameter * 0.06, y: isSelected ? diameter * 0.12 : diameter * 0.04)
            .scaleEffect(isSelected ? 1.15 : 1)
            .rotation3DEffect(.degrees(Double(flips) * 180), axis: (x: 0, y: 1, z: 0))
    }
}
