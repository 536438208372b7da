import FerryCore
import Testing

@Suite struct TerminalSafeTextTests {
    @Test func escapeSequencesBecomeVisible() {
        let hostile = "a\u{1B}[31mred\u{1B}]0;title\u{07}\r\u{9B}2J\u{7F}\tz\n"
        let safe = TerminalSafeText.escaping(hostile)
        #expect(safe == "a\\x1B[31mred\\x1B]0;title\\x07\\r\\x9B2J\\x7F\tz\n")
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func bidirectionalOverridesBecomeVisible() {
        // "txt.exe" written backwards by a right-to-left override would read as "exe.txt".
        #expect(TerminalSafeText.escaping("a\u{202E}exe.txt\u{2066}b\u{2069}") == "a\\u{202E}exe.txt\\u{2066}b\\u{2069}")
        #expect(TerminalSafeText.escaping("שלום عربي") == "שלום عربي")
    }

    /// Every scalar up to U+2FFF, between text that needs no escape (`✓` shares its lead byte with the
    /// bidirectional controls): changed exactly when it is one of the controls.
    @Test func exactlyTheControlsAreEscapedWhateverSurroundsThem() {
        let controls: [ClosedRange<UInt32>] = [0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069]
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "✓ a" + String(Character(scalar)) + "é…"
            #expect(
                (TerminalSafeText.escaping(text) != text) == controls.contains { $0.contains(value) }, "U+\(String(value, radix: 16))")
        }
    }

    @Test func wideAndCombiningCharactersPassThrough() {
        #expect(TerminalSafeText.escaping("渡し船 ⛴ é") == "渡し船 ⛴ é")
    }

    @Test func textDetection() {
        #expect(TerminalSafeText.looksLikeText(Array("hello ⛴".utf8)))
        #expect(!TerminalSafeText.looksLikeText([0x68, 0x00, 0x69]))
        #expect(!TerminalSafeText.looksLikeText([0xFF, 0xFE, 0x41]))
        let cut = Array(Array("ab⛴".utf8).dropLast())
        #expect(!TerminalSafeText.looksLikeText(cut))
        #expect(TerminalSafeText.looksLikeText(cut, isPrefix: true))
    }
}
