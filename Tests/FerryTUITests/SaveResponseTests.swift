import FerryCore
import FerryTestSupport
import Foundation
import Testing

@testable import FerryTUI

/// `W` (and the palette's saveResponse) writes the response body to a file `ferry view` opens
/// (issue 32, Build 2: "the response as a ferry view file").
@Suite struct SaveResponseTests {
    @Test func wAsksForAFileNamedForItsTypeAndSavesTheBody() throws {
        var state = try Fixtures.state(tree: #"{"a": 1}"#)
        var summary = try #require(state.exchange.summary)
        summary.headers = HTTPHeaders([HTTPHeader(name: "Content-Type", value: "application/json")])
        state.exchange = .finished(summary)
        press(.character("W"), in: &state)
        #expect(state.collection.pathPrompt?.field.text == "response.json", "the extension ferry view reads as JSON")
        #expect(Screen.render(state).text.contains("save the response body as: response.json"))
        let effects = press(.enter, in: &state)
        guard case .saveResponse(let bytes, path: "response.json")? = effects.first else {
            Issue.record("Enter saves nothing: \(effects)")
            return
        }
        #expect(bytes == summary.bytes, "the body shown is the body saved")
    }

    @Test func theNameFollowsTheContentType() {
        #expect(ResponseFileName.proposed(contentType: "application/json; charset=utf-8") == "response.json")
        #expect(ResponseFileName.proposed(contentType: "application/problem+json") == "response.json")
        #expect(ResponseFileName.proposed(contentType: "application/x-plist") == "response.plist")
        #expect(ResponseFileName.proposed(contentType: "text/xml") == "response.xml")
        #expect(ResponseFileName.proposed(contentType: "text/html") == "response.html")
        #expect(ResponseFileName.proposed(contentType: "text/plain") == "response.txt")
        #expect(ResponseFileName.proposed(contentType: "image/png") == "response.png")
        #expect(ResponseFileName.proposed(contentType: nil) == "response.bin")
    }

    /// The real TUI: a JSON answer saved with W is the body the server sent, and an existing file is kept.
    @Test func theSavedFileHoldsTheBodyAndNoFileIsReplaced() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let target = home.file("slides.json")
            let tui = InProcessTUI(home: home, width: 200, height: 34)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("\(server.baseURL)/json")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("200 OK") }
            tui.press(.character("W"), .control("u"))
            tui.type(target)
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("✓ saved 476 B to \(target) (ferry view opens it)") }
            let saved = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(String(decoding: saved, as: UTF8.self).contains(#""title": "Sample Slide Show""#))
            tui.press(.character("W"), .control("u"))
            tui.type(target)
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("not saved: \(target) already exists") }
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == saved)
            #expect(try await tui.quit() == 0)
        }
    }
}
