import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

@Suite struct UpdateTests {
    private func state() -> AppState { AppState(width: 80, height: 24) }

    @Test func typingAURLAndEnterSendsIt() throws {
        var state = state()
        type("http://127.0.0.1:1/get", in: &state)
        let effects = press([.enter], in: &state)
        guard case .send(let id, let outgoing)? = effects.first else { Issue.record("no send effect: \(effects)"); return }
        #expect(id == 1)
        let request = outgoing.resolved.request
        #expect(request.url.absoluteString == "http://127.0.0.1:1/get")
        #expect(request.method == .get)
        #expect(request.headers["Accept"] == "*/*")
        #expect(state.exchange.isSending)
        #expect(press([.control("r")], in: &state).isEmpty, "a second send while one is in flight is refused")
        #expect(state.notice?.contains("already in flight") == true)
    }

    @Test func anInvalidURLShowsTheErrorChainInsteadOfSending() {
        var state = state()
        type("ftp://x", in: &state)
        #expect(press([.enter], in: &state).isEmpty)
        guard case .failed(let chain, _) = state.exchange else { Issue.record("not failed"); return }
        #expect(chain.links.first?.stage == "request")
        #expect(chain.links.first?.reason == "unsupportedScheme")
        #expect(state.response.tab == .errors)
    }

    @Test func escCancelsTheRequestInFlightAndOnlyItsResultCounts() {
        var state = state()
        type("http://h/delay/10", in: &state)
        _ = press([.enter], in: &state)
        let effects = press([.escape], in: &state)
        guard case .cancel(1)? = effects.first else { Issue.record("no cancel: \(effects)"); return }
        _ = state.update(.responseArrived(id: 99, summary()))
        #expect(state.exchange.isSending, "a stale id is ignored")
        _ = state.update(.requestFailed(id: 1, ErrorChain(FerryError.explicitlyCancelled), elapsed: 0.4))
        guard case .failed(let chain, let elapsed) = state.exchange else { Issue.record("not failed"); return }
        #expect(chain.links.first?.stage == "cancelled")
        #expect(elapsed == 0.4)
    }

    @Test func headersAreAddedEditedToggledAndDeleted() throws {
        var state = state()
        type("http://h/", in: &state)
        _ = press([.tab], in: &state)
        #expect(state.focus == .request)
        #expect(state.context == .request)
        _ = press([.character("a")], in: &state)
        #expect(state.context == .line)
        type("X-Token: abc", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.editor.headers.map(\.line) == ["Accept: */*", "X-Token: abc"])
        _ = press([.character("k"), .character(" ")], in: &state)
        #expect(state.editor.headers[0].enabled == false)
        _ = press([.character("j"), .enter, .control("w")], in: &state)
        type("xyz", in: &state)
        _ = press([.escape], in: &state)
        #expect(state.editor.headers[1].line == "X-Token: abc", "Esc drops the edit")
        let request = try state.makeRequest().request
        #expect(request.headers.fields.map(\.name) == ["X-Token"])
        _ = press([.character("d")], in: &state)
        #expect(state.editor.headers.map(\.name) == ["Accept"])
    }

    @Test func bodyEditingAndExternalEditor() throws {
        var state = state()
        type("http://h/", in: &state)
        _ = press([.tab, .character("l")], in: &state)
        #expect(state.requestTab == .body)
        _ = press([.enter], in: &state)
        #expect(state.context == .body)
        type("{", in: &state)
        _ = press([.enter], in: &state)
        type("}", in: &state)
        _ = press([.escape], in: &state)
        #expect(state.context == .request)
        #expect(state.editor.body.text == "{\n}")
        let effects = press([.character("e")], in: &state)
        guard case .editBody("{\n}")? = effects.first else { Issue.record("no editor effect: \(effects)"); return }
        _ = state.update(.editorClosed(body: "{\"a\": 1}\n", notice: nil))
        #expect(state.editor.body.text == "{\"a\": 1}")
        state.editor.method = .post
        guard case .bytes(let data) = try state.makeRequest().request.body else { Issue.record("no body"); return }
        #expect(String(decoding: data, as: UTF8.self) == "{\"a\": 1}")
    }

    @Test func scriptsAreWrittenInTheEditorAndKeptInTheDescription() throws {
        var state = state()
        _ = press([.tab, .character("h"), .character("h")], in: &state)
        #expect(state.requestTab == .scripts)
        _ = press([.character("j")], in: &state)
        #expect(state.editor.scriptSelection == .postResponse)
        let effects = press([.character("e")], in: &state)
        guard case .editScript(.postResponse, let text)? = effects.first else {
            Issue.record("no editor for the script: \(effects)")
            return
        }
        #expect(text.isEmpty)
        _ = state.update(.scriptEditorClosed(.postResponse, text: "pm.globals.set(\"seen\", \"1\");\n", notice: nil))
        #expect(try state.editor.description().scripts.postResponse?.text == "pm.globals.set(\"seen\", \"1\");")
        #expect(state.editor.hasEdits)
        _ = press([.character("d")], in: &state)
        #expect(try state.editor.description().scripts.postResponse == nil)
    }

    @Test func optionsAreToggledAndValidated() throws {
        var state = state()
        _ = press([.tab] + Array(repeating: .character("h"), count: 5), in: &state)  // back past Scripts and Auth
        #expect(state.requestTab == .options)
        _ = press([.enter], in: &state)
        type("2.5", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.editor.options.totalTimeout == 2.5)
        _ = press([.character("j"), .character("j"), .enter], in: &state)
        #expect(state.editor.options.followRedirects == false)
        _ = press([.character("j"), .enter, .control("u")], in: &state)
        type("many", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.notice?.contains("Max redirects") == true)
        #expect(state.editor.lineEdit != nil, "an invalid value keeps the edit open")
        _ = press([.escape, .character("j"), .character(" "), .character("j"), .character(" ")], in: &state)
        #expect(state.editor.options.tls.verifyPeer == false)
        #expect(state.editor.options.httpVersion == .http1_1)
    }

    @Test func expectationsAreEditedInTheOptionsTab() throws {
        var state = state()
        _ = press([.tab] + Array(repeating: .character("h"), count: 5), in: &state)  // back past Scripts and Auth
        #expect(state.requestTab == .options)
        state.editor.optionSelection = .expectStatus
        _ = press([.enter, .control("u")], in: &state)
        type("200-299,304", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.editor.expectations.statusCodes == StatusCodeSet(parsing: "200-299,304"))
        _ = press([.character("j"), .enter], in: &state)
        type("application/json, text/*", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.editor.expectations.contentTypes == ["application/json", "text/*"])
        _ = press([.enter, .control("u")], in: &state)
        type("not a type", in: &state)
        _ = press([.enter], in: &state)
        #expect(state.notice?.contains("Accept types") == true)
        #expect(state.editor.lineEdit != nil, "an invalid value keeps the edit open")
        _ = press([.escape, .character("j"), .character(" "), .character(" ")], in: &state)
        #expect(state.editor.expectations.serializer == .xml, "space cycles auto → json → xml")
    }

    @Test func aFileBodyIsChosenCheckedAndStreamed() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("upload.bin", Data(repeating: 7, count: 3000))
        var state = AppState(width: 200, height: 40)
        state.editor.url = TextField("http://127.0.0.1:1/upload")
        state.editor.method = .put
        _ = press([.tab, .character("l")], in: &state)
        #expect(state.requestTab == .body)
        _ = press([.character("f")], in: &state)
        type(directory.path, in: &state)
        _ = press([.enter], in: &state)
        #expect(state.notice?.contains("Body file") == true, "a folder is refused: \(state.notice ?? "")")
        #expect(state.editor.bodyFile == nil)
        _ = press([.control("u")], in: &state)
        type(path, in: &state)
        _ = press([.enter], in: &state)
        #expect(state.editor.bodyFile == path)
        #expect(Screen.render(state).text.contains("file \(path) (2.9 KiB, streamed from disk)"))
        guard case .file(let sent) = try state.makeRequest().request.body else { Issue.record("not a file body"); return }
        #expect(sent == path)
        _ = press([.character("f"), .control("u"), .enter], in: &state)
        #expect(state.editor.bodyFile == nil, "an empty path goes back to the text body")
    }

    @Test func helpOverlayOpensAndCloses() {
        var state = state()
        _ = press([.function(1)], in: &state)
        #expect(state.overlays.showHelp)
        _ = press([.character("q")], in: &state)
        #expect(!state.overlays.showHelp)
        #expect(!state.isQuitting, "q closes help first")
        _ = press([.tab, .character("?"), .escape], in: &state)
        #expect(!state.overlays.showHelp)
    }

    @Test func quittingCancelsARequestInFlight() {
        var state = state()
        type("http://h/", in: &state)
        _ = press([.enter], in: &state)
        let effects = press([.control("c")], in: &state)
        #expect(effects.count == 2)
        #expect(state.isQuitting)
    }

    @Test func responseScrollingStopsAtTheEnd() {
        var state = state()
        type("http://h/", in: &state)
        _ = press([.enter], in: &state)
        var body = summary()
        body.bodyLines = (1...100).map { "line \($0)" }
        _ = state.update(.responseArrived(id: 1, body))
        _ = press([.character("l"), .character("G")], in: &state)
        let end = state.response.scroll[.raw] ?? 0
        #expect(end > 0)
        _ = press([.character("j")], in: &state)
        #expect(state.response.scroll[.raw] == end)
        _ = press([.character("k")], in: &state)
        #expect(state.response.scroll[.raw] == end - 1)
    }

    @Test func userKeymapRebindsAnActionEverywhereItIsBound() {
        var keymap = Keymap.default
        keymap.rebind(.quit, in: .browse, to: [.character("x")])
        #expect(keymap.action(for: .character("x"), in: .browse) == .quit)
        #expect(keymap.action(for: .character("q"), in: .browse) == nil)
        #expect(keymap.action(for: .control("c"), in: .browse) == .quit, "the global binding stays")
        #expect(keymap.hints(in: .browse).contains { $0.keys == "x" && $0.action == .quit })
    }

    @Test func keySpecsRoundTrip() {
        let keys: [Key] = [.character("q"), .character(" "), .control("r"), .alt("b"), .backTab, .function(1), .pageDown, .controlLeft]
        for key in keys { #expect(Key(spec: key.spec) == key) }
        #expect(Key(spec: "ctrl-") == nil)
        #expect(Key(spec: "f13") == nil)
    }

    func summary() -> ResponseSummary {
        ResponseSummary(
            status: 200, reason: "OK", httpVersion: "HTTP/1.1", size: 2, remoteAddress: "127.0.0.1:1", effectiveURL: "http://h/",
            headers: ["Content-Type": "text/plain"], sent: nil, timeline: Timeline(start: .now), redirectCount: 0,
            raw: RawText(lines: ["ok"]), bodyTruncated: false, validation: nil)
    }
}
