import MillsCore
import SwiftUI

/// White (P1) is ivory and Black (P2) ebony on every board.
extension BoardStyle {
    func palette(for scheme: ColorScheme) -> BoardPalette {
        let dark = scheme == .dark
        switch self {
        case .wood:
            return BoardPalette(
                surface: Color(hex: dark ? 0xA87E48 : 0xE0B878),
                line: Color(hex: 0x5B3A1A),
                accent: Color(hex: 0x1E6A64),
                removal: Color(hex: 0xC0462B),
                mill: Color(hex: 0xFFE08A)
            )
        case .slate:
            return BoardPalette(
                surface: Color(hex: dark ? 0x2C333B : 0x3E4852),
                line: Color(hex: 0xC9D2DC),
                accent: Color(hex: 0x7FD1C7),
                removal: Color(hex: 0xF28B6B),
                mill: Color(hex: 0xFFE08A)
            )
        case .jade:
            return BoardPalette(
                surface: Color(hex: dark ? 0x3F6B5A : 0x8FBFA6),
                line: Color(hex: 0x1F3D31),
                accent: Color(hex: 0x7A3B12),
                removal: Color(hex: 0xB3261E),
                mill: Color(hex: 0xFFF3B0)
            )
        }
    }
}

/// The colours of one board style in one appearance.
struct BoardPalette {
    let surface: Color
    let line: Color
    /// Targets, the selected piece, the last turn.
    let accent: Color
    /// Targets of a capture, pin or pull.
    let removal: Color
    /// Mills just made.
    let mill: Color

    static let ivory = Color(hex: 0xF7F1E6)
    static let ivoryRim = Color(hex: 0x9C8D74)
    static let ebony = Color(hex: 0x33302E)
    static let ebonyRim = Color(hex: 0xB9AE9C)

    func color(of player: Player) -> Color {
        player == .p1 ? Self.ivory : Self.ebony
    }

    func rim(of player: Player) -> Color {
        player == .p1 ? Self.ivoryRim : Self.ebonyRim
    }
}

extension Color {
    /// A colour from 0xRRGGBB.
    init(hex: UInt32) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255
        )
    }
}
