import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The Multipart tab: parts in `-F` syntax, reordering, enabling, the exact length, the hex overlay.
@Suite struct MultipartTests {
    private func multipartTab() -> AppState {
        var state = AppState(width: 80, height: 24)
        type("http://h/anything", in: &state)
        _ = press(.tab, .character("l"), .character("l"), in: &state)
        return state
    }

    private func add(_ line: String, in state: inout AppState) {
        _ = press(.character("a"), in: &state)
        type(line, in: &state)
        _ = press(.enter, in: &state)
    }

    @Test func partsAreReorderedToggledAndSentWithTheirExactLength() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("notes.txt", Data("hello file\n".utf8))
        var state = multipartTab()
        #expect(state.requestTab == .multipart)
        add("title=Holiday", in: &state)
        add("doc=@\(file)", in: &state)
        add("extra=1", in: &state)
        #expect(state.editor.parts.map(\.line) == ["title=Holiday", "doc=@\(file)", "extra=1"])
        _ = press(.character("K"), .character("K"), .character("K"), in: &state)
        #expect(state.editor.parts.map(\.line) == ["extra=1", "title=Holiday", "doc=@\(file)"])
        #expect(state.editor.partSelection == 0)
        _ = press(.character(" "), .character("J"), in: &state)
        #expect(state.editor.parts.map(\.line) == ["title=Holiday", "extra=1", "doc=@\(file)"])
        #expect(state.editor.parts[1].enabled == false)

        let request = try state.makeRequest().request
        let contentType = try #require(request.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = try bodyBytes(of: request)
        #expect(state.editor.multipartSummary(in: state.collection) == "Content-Length: \(body.count) bytes (x shows the body)")
        #expect(try request.body.makeSource()?.length == Int64(body.count))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("name=\"title\"\r\n\r\nHoliday\r\n"))
        #expect(text.contains("name=\"doc\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nhello file\n\r\n"))
        #expect(!text.contains("extra"), "a disabled part is not sent")
        #expect(text.range(of: "title")!.lowerBound < text.range(of: "doc")!.lowerBound)
    }

    @Test func aMissingFileIsShownAndNothingIsSent() {
        var state = multipartTab()
        add("doc=@/nonexistent/ferry-test-file", in: &state)
        #expect(state.editor.multipartSummary(in: state.collection).hasPrefix("✗ "))
        #expect(state.editor.multipartSummary(in: state.collection).contains("/nonexistent/ferry-test-file"))
        #expect(press(.control("r"), in: &state).isEmpty)
        guard case .failed = state.exchange else { Issue.record("sent anyway"); return }
        _ = press(.tab, .tab, .tab, .tab, .character("d"), .character("a"), in: &state)
        type("x=@", in: &state)
        _ = press(.enter, in: &state)
        #expect(state.editor.multipartSummary(in: state.collection).contains("the file path is empty"))
    }

    @Test func paramsBecomeFieldsBeforeTheParts() throws {
        var state = multipartTab()
        add("b=2", in: &state)
        _ = press(.character("h"), .character("h"), .character("h"), in: &state)
        #expect(state.requestTab == .params)
        add("a=1", in: &state)
        let text = String(decoding: try bodyBytes(of: state.makeRequest().request), as: UTF8.self)
        #expect(text.range(of: "name=\"a\"")!.lowerBound < text.range(of: "name=\"b\"")!.lowerBound)
        #expect(try state.makeRequest().request.url.query == nil, "with parts, parameters go into the body")
    }

    @Test func xAsksForTheHexDumpAndTheOverlayScrollsAndCloses() throws {
        var state = multipartTab()
        add("a=1", in: &state)
        let effects = press(.character("x"), in: &state)
        guard case .showBodyHex(let request)? = effects.first else { Issue.record("no hex effect: \(effects)"); return }
        #expect(request.headers["Content-Type"]?.hasPrefix("multipart/form-data") == true)
        _ = state.update(.sheet(Sheet(title: "Request body", lines: (0..<40).map { String(format: "%08x", $0 * 16) })))
        #expect(Screen.render(state).text(row: 1).contains("Request body"))
        _ = press(.character("j"), .character("j"), .character("k"), in: &state)
        #expect(state.overlays.sheet?.scroll == 1)
        #expect(Screen.render(state).text(row: 2).contains("00000010"))
        _ = press(.escape, in: &state)
        #expect(state.overlays.sheet == nil)
    }
}
