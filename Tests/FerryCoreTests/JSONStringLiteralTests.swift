import Foundation
import Testing

@testable import FerryCore

struct JSONStringLiteralTests {
    @Test func escapesWhatJSONAndTerminalsNeed() {
        #expect(JSONStringLiteral.make("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONStringLiteral.make("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(JSONStringLiteral.make("\u{1B}[31m\u{7F}\u{85}") == #""\u001b[31m\u007f\u0085""#)
        #expect(JSONStringLiteral.make("渡し船 ⛴") == "\"渡し船 ⛴\"")
    }

    @Test func theLiteralReadsBackAsTheSameText() throws {
        let text = "ctl \u{00}\u{1F} del \u{7F} c1 \u{9F} quote \" slash \\ emoji 👩‍👩‍👧"
        let decoded = try JSONDecoder().decode(String.self, from: Data(JSONStringLiteral.make(text).utf8))
        #expect(decoded == text)
    }
}
