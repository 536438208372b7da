import FerryCore
import FerryTUI
import Testing

/// The editor knows which file it holds: stepping to an example, pasting curl or loading a history
/// entry leaves the file; quitting or loading over unsaved edits asks first (issue 32).
@Suite struct UnsavedEditsTests {
    private static func source(_ title: String, _ url: String) -> RequestSource {
        RequestSource(title: title, description: RequestDescription(method: .get, url: url), root: "/c")
    }

    /// A collection with `login.ferry.yaml` open in the editor, and two examples to step through.
    private func state() -> AppState {
        var state = AppState(width: 100, height: 24)
        state.collection.sidebar = Sidebar()
        _ = state.update(
            .collectionLoaded(
                [CollectionItem(path: "checks/login.ferry.yaml", request: Self.source("log in", "{{baseURL}}/login"))],
                environments: [], changed: []))
        state.collection.examples = [Self.source("a JSON document", "{{baseURL}}/json"), Self.source("xml", "{{baseURL}}/xml")]
        state.focus = .sidebar
        _ = press(.down, .enter, in: &state)
        #expect(state.collection.openRequest?.path == "checks/login.ferry.yaml")
        return state
    }

    @Test func anExampleBelongsToNoFileSoCtrlSAsksForAPathNamedAfterIt() {
        var state = state()
        _ = press(.function(3), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/xml")
        #expect(state.collection.openRequest == nil)
        #expect(press(.control("s"), in: &state).isEmpty, "nothing is written before a path is given")
        #expect(state.collection.pathPrompt?.field.text == "checks/xml.ferry.yaml")
    }

    @Test func steppingOverUnsavedEditsAsks() {
        var state = state()
        state.focus = .url
        _ = press(.character("x"), in: &state)
        #expect(state.hasUnsavedEdits)
        _ = press(.function(2), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/loginx")
        #expect(state.notice == "unsaved edits to checks/login.ferry.yaml: s saves them, d drops them, any other key keeps them")
        _ = press(.character("d"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/json")
        #expect(state.collection.openRequest == nil)
    }

    @Test func quittingOverUnsavedEditsAsksAndSavingFirstThenQuits() {
        var state = state()
        state.focus = .url
        _ = press(.character("x"), .escape, in: &state)
        #expect(press(.character("q"), in: &state).isEmpty)
        #expect(!state.isQuitting)
        #expect(press(.character("n"), in: &state).isEmpty)
        #expect(state.notice == "kept your edits to checks/login.ferry.yaml")
        let effects = press(.character("q"), .character("s"), in: &state)
        guard case .saveRequest("checks/login.ferry.yaml", let saved, isNew: false)? = effects.first else {
            Issue.record("expected the save first, got \(effects)"); return
        }
        #expect(!state.isQuitting)
        let after = state.update(.requestSaved(path: "checks/login.ferry.yaml", saved))
        #expect(after.contains { if case .quit = $0 { true } else { false } })
        #expect(state.isQuitting)
    }

    @Test func quittingWithoutEditsDoesNotAsk() {
        var state = state()
        state.focus = .response
        #expect(press(.character("q"), in: &state).contains { if case .quit = $0 { true } else { false } })
    }

    @Test func aLoadedRequestStartsWithAnEmptyResponseArea() {
        var state = state()
        state.exchange = .failed(ErrorChain(FerryError.invalidRequest(reason: .unsupportedScheme("ftp"))), elapsed: 1)
        _ = press(.function(2), in: &state)
        guard case .idle = state.exchange else { Issue.record("the old failure is still shown: \(state.exchange)"); return }
    }
}
