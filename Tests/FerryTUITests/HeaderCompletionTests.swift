import FerryTUI
import Testing

/// Common header names offered while typing a header row's name.
@Suite struct HeaderCompletionTests {
    @Test func namesStartingWithWhatWasTyped() {
        #expect(HeaderNames.completions(for: "con") == ["Connection", "Content-Encoding", "Content-Length", "Content-Type"])
        #expect(HeaderNames.completions(for: "AUTH") == ["Authorization"])
        #expect(HeaderNames.completions(for: "x-", limit: 2) == ["X-API-Key", "X-Correlation-ID"])
        #expect(HeaderNames.completions(for: "").isEmpty)
        #expect(HeaderNames.completions(for: "Accept").count == 2, "Accept itself is not offered, its longer forms are")
        #expect(HeaderNames.completions(for: "Content-Type: app").isEmpty, "nothing once the value is being typed")
    }

    @Test func ctrlNTakesTheFirstName() {
        var state = AppState(width: 80, height: 24)
        _ = state.update(.key(.control("n")))
        #expect(state.editor.url.text.isEmpty && state.focus == .url, "nothing to complete in the URL")
        _ = state.update(.key(.tab))
        _ = state.update(.key(.character("a")))
        for character in "content-t" { _ = state.update(.key(.character(character))) }
        #expect(state.editor.headerCompletions == ["Content-Type"])
        let canvas = Screen.render(state)
        #expect(canvas.text(row: 4).contains(" Content-Type ctrl-n"), "offered under the row being edited")
        _ = state.update(.key(.control("n")))
        #expect(state.editor.lineEdit?.field.text == "Content-Type: ")
        #expect(state.focus == .request)
        for character in "application/json" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        #expect(state.editor.headers.last?.line == "Content-Type: application/json")
    }

    /// Issue 32: `: value` typed after a completion gave `Content-Type: : value`.
    @Test func aColonTypedAfterACompletionIsTheCompletionsOwn() {
        var state = AppState(width: 80, height: 24)
        _ = state.update(.key(.tab))
        _ = state.update(.key(.character("a")))
        for character in "Content-Ty" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.control("n")))
        for character in ": application/json" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        #expect(state.editor.headers.last?.line == "Content-Type: application/json")
        // Pasted in one piece, the same.
        _ = state.update(.key(.character("a")))
        for character in "user-ag" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.control("n")))
        _ = state.update(.paste(": text/plain"))
        _ = state.update(.key(.enter))
        #expect(state.editor.headers.last?.line == "User-Agent: text/plain")
    }
}
