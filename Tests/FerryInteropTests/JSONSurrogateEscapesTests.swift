import Foundation
import Testing
import Yams

@testable import FerryInterop

/// A JSON surrogate pair reaches YAML's parser as one eight-digit escape (Twilio's description
/// holds `"Hello! \ud83d\udc4d"`, which libyaml refuses).
@Suite struct JSONSurrogateEscapesTests {
    private func value(_ json: String) throws -> String? {
        try Yams.compose(yaml: JSONSurrogateEscapes.rewritten(json))?["body"]?.string
    }

    @Test func aPairBecomesItsCharacter() throws {
        #expect(try value(#"{"body": "Hello! \ud83d\udc4d"}"#) == "Hello! 👍")
        #expect(try value(#"{"body": "\uD83D\uDE00 and \u00e9"}"#) == "😀 and é")
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        #expect(try value(#"{"body": "a\ud83db"}"#) == "a\u{FFFD}b")
        #expect(try value(#"{"body": "\udc4d"}"#) == "\u{FFFD}")
    }

    @Test func anEscapedBackslashIsNotAnEscape() throws {
        let json = #"{"body": "\\ud83d\\udc4d"}"#
        #expect(JSONSurrogateEscapes.rewritten(json) == json)
        #expect(try value(json) == #"\ud83d\udc4d"#)
    }

    @Test func theLinesAndColumnsStay() {
        let json = "{\n\"a\": \"\\ud83d\\udc4d\",\n\"b\": 1}"
        #expect(JSONSurrogateEscapes.rewritten(json).split(separator: "\n").count == 3)
    }
}
