import FerryCore
import FerryTUI
import Testing

/// The Params tab, the Body tab's JSON check and the command palette, rendered into a Canvas.
@Suite struct RequestSideSnapshotTests {
    private func rows(_ state: AppState, _ range: ClosedRange<Int>) -> String {
        let canvas = Screen.render(state)
        return range.map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    @Test func paramsTabShowsTheTreeAndThePreview() {
        var state = Fixtures.state(width: 60, height: 24, answered: false)
        press(.tab, .character("h"), in: &state)
        for (key, line) in [("a", "page=2"), ("a", "user"), ("A", "name=Ann"), ("a", "tags"), ("A", "=a")] {
            press(.character(Character(key)), in: &state)
            type(line, in: &state)
            press(.enter, in: &state)
        }
        press(.character("k"), .character("k"), .character("k"), .character(" "), in: &state)
        #expect(
            rows(state, 1...8) == """
                ┌ 3  Params │ Headers │ Body │ Multipart │ Options │ Expect┐
                │[x] page = 2                                              │
                │[ ] user {2}                                              │
                │  [x] name = Ann                                          │
                │  [x] tags [1]                                            │
                │    [x] - a                                               │
                │URL ?page=2                                               │
                └─── by method (u) · brackets arrays (s) · keys sorted (o) ┘
                """)
    }

    @Test func bodyTabChecksJSON() {
        var state = Fixtures.state(width: 60, height: 20, answered: false)
        press(.tab, .character("l"), .enter, in: &state)
        _ = state.update(.paste("{\"a\": [1, 2,]}"))
        #expect(
            rows(state, 2...5) == """
                │{"a": [1, 2,]}                                            │
                │                                                          │
                │                                                          │
                │✗ not JSON: line 1, column 13: trailing comma (expected a │
                """)
        press(.backspace, .backspace, .backspace, in: &state)
        type("]}", in: &state)
        press(.escape, .character("p"), in: &state)
        #expect(state.editor.body.text == "{\n  \"a\": [\n    1,\n    2\n  ]\n}")
        #expect(
            rows(state, 2...5) == """
                │    2                                                     │
                │  ]                                                       │
                │}                                                         │
                │✓ valid JSON (p pretty-prints)                            │
                """)
    }

    @Test func multipartTabShowsPartsAndTheLength() {
        var state = Fixtures.state(width: 60, height: 20, answered: false)
        press(.tab, .character("l"), .character("l"), in: &state)
        for line in ["title=Holiday", "photo=@/nonexistent/beach.jpg;type=image/jpeg"] {
            press(.character("a"), in: &state)
            type(line, in: &state)
            press(.enter, in: &state)
        }
        #expect(
            rows(state, 1...6) == """
                ┌ 3  Params │ Headers │ Body │ Multipart │ Options │ Expect┐
                │[x] text title=Holiday                                    │
                │[x] file photo=@/nonexistent/beach.jpg;type=image/jpeg    │
                │✗ multipart-encoding: a file part does not exist (path: /n│
                └──────────────────────────────────────────────────────────┘
                ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
                """)
        press(.character(" "), in: &state)
        #expect(
            rows(state, 4...4) == """
                │Content-Length: 143 bytes (x shows the body)              │
                """)
    }

    @Test func paletteOverlay() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        state.themeNames = ["ferry-dark", "solarized-dark"]
        press(.control("p"), in: &state)
        type("dark", in: &state)
        let canvas = Screen.render(state)
        #expect(
            (0..<24).map { canvas.text(row: $0) }.joined(separator: "\n") == """
                 GET ▾   │ http://127.0.0.1:8080/status/404                      │ ⏎ send
                ┌                                                                              ┐
                │ ┌ Command palette: type to filter, Enter runs, Esc closes │────────────────┐ │
                │ │> dark                                                                    │ │
                │ │theme: ferry-dark        switch to this theme                             │ │
                └ │theme: solarized-dark    switch to this theme                             │ ┘
                ┌ └──────────────────────────────────────────────────────────────────────────┘ ┐
                │                                                                              │
                │  · type a URL and press Enter (or Ctrl-R)                                    │
                │  · paste a curl command into the URL field                                   │
                │  · open a request of the collection (Ctrl-B)                                 │
                │  · try the examples: ferry demo                                              │
                │  · F1 lists every key                                                        │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                │                                                                              │
                └──────────────────────────────────────────────────────────────────────────────┘
                 Ready.
                 enter run  up/down select  esc close
                """)
        #expect(canvas.cursor?.x == 9 && canvas.cursor?.y == 3, "the cursor is after the query")
    }
}
