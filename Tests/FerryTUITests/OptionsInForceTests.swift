import FerryCore
import FerryTUI
import Testing

/// What a pasted curl command (or a file, an environment) sets is a row of the Options tab, and a
/// failed send names the settings it went with, through `update` alone.
@Suite struct OptionsInForceTests {
    private func pasted() -> AppState {
        var description = RequestDescription(method: .put, url: "http://127.0.0.1:9/things")
        description.connection.proxy = "http://127.0.0.1:9"
        description.options.tls.verifyPeer = false
        var state = AppState(width: 100, height: 40)
        _ = state.update(.curlImported(RequestSource(title: "pasted curl command", description: description, root: "/w"), summary: "taken"))
        return state
    }

    private func optionsTab(_ state: AppState) -> String {
        var state = state
        state.focus = .request
        state.requestTab = .options
        let canvas = Screen.render(state)
        return (state.layout.requestPane.y..<state.layout.requestPane.maxY).map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    @Test func aPastedProxyIsARowOfTheOptionsTab() {
        let tab = optionsTab(pasted())
        #expect(tab.contains("Proxy") && tab.contains("http://127.0.0.1:9"), "\(tab)")
        #expect(OptionRow.proxy.value(in: pasted().editor) == "http://127.0.0.1:9")
        #expect(OptionRow.verifyTLS.value(in: pasted().editor).hasPrefix("no"))
    }

    @Test func aFailedSendNamesTheProxyAndWhoSetIt() {
        var state = pasted()
        guard case .send(let id, let outgoing)? = state.update(.key(.control("r"))).first else { Issue.record("nothing sent"); return }
        #expect(outgoing.resolved.request.options.proxy == "http://127.0.0.1:9")
        let refused = ErrorChain(links: [ErrorLink(stage: "transport", reason: "connect", message: "Failed to connect")])
        _ = state.update(.requestFailed(id: id, refused, elapsed: 0.1))
        let named = "proxy http://127.0.0.1:9, verify tls no (insecure: any certificate is accepted) (set by “pasted curl command”)"
        #expect(state.notice == "sent with \(named); Options tab")
        guard case .failed(let chain, _) = state.exchange else { Issue.record("not failed"); return }
        #expect(chain.links.last?.message == state.notice, "the Errors tab lists it too")
        let status = Screen.render(state).text(row: state.layout.statusLine.y)
        #expect(status.contains("Failed to connect") && status.contains("proxy http://127.0.0.1:9"), "\(status)")
    }

    @Test func aProxyIsEditedAndOneTheUserSetIsNamedAsTheirs() throws {
        var state = pasted()
        state.focus = .request
        state.requestTab = .options
        while state.editor.optionSelection != .proxy { _ = state.update(.key(.down)) }
        _ = state.update(.key(.enter))
        _ = state.update(.key(.control("u")))
        for character in "http://proxy.test:3128" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        #expect(state.editor.connection.proxy == "http://proxy.test:3128")
        #expect(try state.editor.description().connection.proxy == "http://proxy.test:3128")
        let named = try #require(state.transportSettingsInForce)
        #expect(named.contains("proxy http://proxy.test:3128 (set by you)"), "\(named)")
    }

    @Test func theEnvironmentsProxyShowsAsInheritedAndDefaultsNameNothing() {
        var state = AppState(width: 100, height: 40)
        #expect(state.transportSettingsInForce == nil)
        var settings = ConnectionSettings()
        settings.proxy = "http://corp:8080"
        _ = state.update(.environmentLoaded("prod", [], connection: settings))
        #expect(OptionRow.proxy.value(in: state.editor, inheriting: state.inheritedConnection) == "http://corp:8080  (inherited)")
        #expect(state.transportSettingsInForce == "sent with proxy http://corp:8080 (set by the environment prod); Options tab")
    }

    @Test func rateLimitsAndDefaultHeadersAreRows() {
        var editor = RequestEditor()
        #expect(OptionRow.uploadRate.set("2M", in: &editor) == nil)
        #expect(editor.options.maxUploadRate == 2 << 20)
        #expect(OptionRow.uploadRate.value(in: editor) == "2 MiB/s")
        #expect(OptionRow.downloadRate.set("fast", in: &editor) != nil)
        OptionRow.defaultHeaders.toggle(&editor)
        #expect(editor.options.defaultHeaders == false)
        #expect(OptionRow.unixSocket.set("/var/run/docker.sock", in: &editor) == nil)
        #expect(editor.connection.unixSocket == "/var/run/docker.sock")
    }
}
