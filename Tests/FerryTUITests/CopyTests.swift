import FerryCore
import FerryTUI
import Testing

/// Copying: `y` the selected value, `Y` the request as curl, the palette the path, the body and an
/// HTTPie command; all as the one `.copy` effect, and what was copied shown.
@Suite struct CopyTests {
    private static let body = #"{"user":{"name":"Ada","tags":["x","y"]},"ok":true}"#

    /// The response's Tree tab with `$.user.name` selected.
    private func state() throws -> AppState {
        var state = try Fixtures.state(tree: Self.body)
        press([.character("C"), .enter, .down, .right, .down], in: &state)
        #expect(state.exchange.summary?.tree.selectedPath == "$.user.name")
        return state
    }

    private func clip(_ effects: [Effect]) -> Clip? {
        guard case .copy(let clip)? = effects.first, effects.count == 1 else { return nil }
        return clip
    }

    private func text(_ effects: [Effect]) -> (String, String)? {
        guard case .text(let text, let what)? = clip(effects) else { return nil }
        return (text, what)
    }

    @Test func yCopiesTheSelectedNodesValueInOneKey() throws {
        var state = try state()
        let copied = try #require(text(press([.character("y")], in: &state)))
        #expect(copied.0 == "Ada")
        #expect(copied.1 == "$.user.name")
        _ = state.update(.copied(copied.0, what: copied.1))
        #expect(state.notice == "✓ copied $.user.name: Ada", "a short value is shown on the status line")
        #expect(state.overlays.sheet == nil)
    }

    @Test func aContainerIsCopiedAsJSONAndShownInASheet() throws {
        var state = try state()
        let copied = try #require(text(press([.left, .character("y")], in: &state)))
        #expect(copied.0 == "{\n  \"name\": \"Ada\",\n  \"tags\": [\n    \"x\",\n    \"y\"\n  ]\n}")
        _ = state.update(.copied(copied.0, what: copied.1))
        #expect(state.overlays.sheet?.title == "$.user (copied to the clipboard where the terminal allows)")
        #expect(state.overlays.sheet?.lines.count == 7)
        press([.escape], in: &state)
        #expect(state.overlays.sheet == nil)
    }

    @Test func thePaletteCopiesThePathTheBodyAndTheRequest() throws {
        var state = try state()
        func run(_ name: String) -> [Effect] {
            press([.control("p")], in: &state)
            for character in name { _ = state.update(.key(.character(character))) }
            return press([.enter], in: &state)
        }
        #expect(text(run("copyPath"))?.0 == "$.user.name")
        guard case .body(let source, let limit)? = clip(run("copyBody")) else { Issue.record("no body copied"); return }
        #expect(source.count > 0 && limit == Clip.bodyLimit)
        guard case .request(_, _, .httpie)? = clip(run("copyAsHTTPie")) else { Issue.record("no HTTPie command"); return }
        guard case .request(let request, _, .curl)? = clip(press([.character("Y")], in: &state)) else {
            Issue.record("Y made no curl command")
            return
        }
        #expect(request.description.url == "http://127.0.0.1:8080/status/404")
    }

    @Test func yCopiesAHeaderRowOrTheTopLineOfAResponseTab() throws {
        var state = try state()
        state.focus = .request
        state.requestTab = .headers
        #expect(text(press([.character("y")], in: &state))?.0 == "Accept: */*")
        var scrolled = Fixtures.state(width: 60, height: 14, answered: true)  // the Headers tab scrolls in 4 rows
        scrolled.response.tab = .headers
        #expect(text(press([.character("y")], in: &scrolled))?.0 == "Response  HTTP/1.1 404 Not Found")
        press([.down], in: &scrolled)
        let header = try #require(text(press([.character("y")], in: &scrolled)))
        #expect(["Content-Type: text/html", "Content-Length: 1234"].contains(header.0) && header.1 == "a line of Headers", "\(header)")
    }

    @Test func nothingToCopySaysSo() {
        var state = AppState(width: 80, height: 24)
        state.focus = .response
        #expect(press([.control("p")], in: &state).isEmpty)
        for character in "copyPath" { _ = state.update(.key(.character(character))) }
        #expect(press([.enter], in: &state).isEmpty)
        #expect(state.notice?.contains("no node is selected") == true)
    }
}
