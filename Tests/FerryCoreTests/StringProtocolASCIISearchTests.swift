import FerryCore
import Foundation
import Testing

/// `containsASCII` finds what Foundation's `contains` finds, in strings and substrings.
@Suite struct StringProtocolASCIISearchTests {
    @Test(arguments: ["", "{", "{{", "a{{b}}", "{x}{y}", "渡し船 {{ ⛴", "https://h/p", "http:/x", "::/", "x://", "é://é"])
    func findsWhatFoundationFinds(_ text: String) {
        #expect(text.containsASCII("{{") == text.contains("{{"))
        #expect(text.containsASCII("://") == text.contains("://"))
        #expect(text.containsASCII("") == true)
        let inner = text.dropFirst()
        #expect(inner.containsASCII("{{") == inner.contains("{{"))
        #expect(inner.containsASCII("://") == inner.contains("://"))
    }
}
