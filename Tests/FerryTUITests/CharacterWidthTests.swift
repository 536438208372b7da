import CNcursesShims
import FerryTUI
import Foundation
import Testing

/// FerryTUI computes widths in pure Swift; they must match the C library's `wcwidth` the terminal uses.
@Suite struct CharacterWidthTests {
    @Test func agreesWithWcwidthOnASample() {
        setlocale(LC_ALL, "C.UTF-8")
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x5D0...0x5EA, 0x900...0x97F,
            0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x257F, 0x3000...0x303E, 0x3041...0x30FF, 0x4E00...0x4FFF,
            0xAC00...0xAD00, 0xFF01...0xFF60, 0xFF61...0xFFDC, 0x1F600...0x1F64F, 0x1F680...0x1F6C5, 0x1F900...0x1F9FF,
        ]
        var mismatches: [String] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                let expected = Int(ferry_nc_wcwidth(wchar_t(bitPattern: value)))
                guard expected >= 0 else { continue }
                let actual = CharacterWidth.of(scalar)
                if actual != expected {
                    mismatches.append("U+\(String(value, radix: 16, uppercase: true)) Swift \(actual) wcwidth \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func graphemeClusters() {
        #expect(CharacterWidth.of("e\u{301}" as Character) == 1)
        #expect(CharacterWidth.of("中文 ok") == 7)
        #expect(CharacterWidth.of("👍🏽" as Character) == 2)
        #expect(CharacterWidth.of("❤️" as Character) == 2)
    }
}
