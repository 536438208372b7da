import FerryCore
import FerryTUI
import Foundation
import Testing

/// Whole screens and single panes rendered into a Canvas, compared with literal grids (trailing blanks trimmed).
@Suite struct ScreenSnapshotTests {
    private func expectScreen(_ state: AppState, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = Screen.render(state).text
        #expect(actual == expected, "\n\(actual)", sourceLocation: sourceLocation)
    }

    @Test func idleScreen() { expectScreen(Fixtures.state(answered: false), Snapshots.idle) }

    /// Issue 32: inside `ferry demo` the first screen said "try the examples: ferry demo".
    @Test func withExamplesLoadedTheFirstScreenPointsAtTheirKeys() {
        var state = AppState(width: 100, height: 30)
        #expect((0..<30).map { Screen.render(state).text(row: $0) }.joined().contains("try the examples: ferry demo"))
        state.collection.examples = [RequestSource(title: "a", description: RequestDescription(url: "http://x.test/"), root: "/")]
        let screen = (0..<30).map { Screen.render(state).text(row: $0) }.joined()
        #expect(screen.contains("step through the examples: F2 and F3"))
        #expect(!screen.contains("ferry demo"))
    }

    /// Raw as a whole screen; the other tabs from the response pane down (the rest is the same).
    @Test func responseTabs() {
        var state = Fixtures.state(answered: true)
        expectScreen(state, Snapshots.raw)
        for expected in [Snapshots.hex, Snapshots.headers, Snapshots.errors, Snapshots.timeline] {
            _ = state.update(.key(.character("l")))
            let canvas = Screen.render(state)
            let pane = state.layout.responsePane.y
            let actual = (pane..<canvas.height).map { canvas.text(row: $0) }.joined(separator: "\n")
            #expect(actual == expected, "\n\(actual)")
        }
    }

    /// Issue 33: a gRPC call's status and trailing metadata come after its body; Headers shows them after the head.
    @Test func theHeadersTabShowsTheTrailers() {
        var state = Fixtures.state(answered: true)
        guard case .finished(var summary) = state.exchange else { Issue.record("no response"); return }
        summary.trailers = ["grpc-status": "5", "grpc-message": "no such feature"]
        state.exchange = .finished(summary)
        for _ in 0..<2 { _ = state.update(.key(.character("l"))) }
        let canvas = Screen.render(state)
        let lines = (state.layout.responsePane.y..<canvas.height).map { canvas.text(row: $0) }
        let trailers = lines.firstIndex { $0.contains("│Trailers") }
        #expect(
            trailers.map { lines[$0 + 1].contains("grpc-status: 5") && lines[$0 + 2].contains("grpc-message: no such feature") } == true,
            "\(lines)")
        #expect(trailers.map { $0 > (lines.firstIndex { $0.contains("Content-Length: 1234") } ?? .max) } == true)
    }

    @Test func helpOverlay() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        _ = state.update(.key(.function(1)))
        expectScreen(state, Snapshots.help)
    }

    @Test func tooSmall() {
        expectScreen(AppState(width: 59, height: 20), Snapshots.tooSmall)
        #expect(!AppState(width: 60, height: 20).isTooSmall)
        #expect(AppState(width: 100, height: 19).isTooSmall)
    }

    @Test func layoutAtSeveralSizes() {
        for (width, height) in [(60, 20), (80, 24), (120, 40), (250, 70)] {
            let state = Fixtures.state(width: width, height: height, answered: true)
            let layout = state.layout
            #expect(layout.requestLine == Rect(x: 0, y: 0, width: width, height: 1))
            #expect(layout.requestPane.y == 1)
            #expect(layout.requestPane.height >= ScreenLayout.minimumRequestRows + 2)
            #expect(layout.requestPane.height <= ScreenLayout(width: width, height: height).requestPane.height)
            #expect(layout.responsePane.y == layout.requestPane.maxY)
            #expect(layout.responsePane.maxY == height - 2)
            #expect(layout.responsePane.height > layout.requestPane.height)
            #expect(layout.statusLine == Rect(x: 0, y: height - 2, width: width, height: 1))
            #expect(layout.footer == Rect(x: 0, y: height - 1, width: width, height: 1))
            let canvas = Screen.render(state)
            #expect(canvas.text(row: layout.responsePane.y).hasPrefix("┌ 4  Tree │ Raw │"))
            #expect(canvas.text(row: layout.responsePane.y).hasSuffix("┐"))
        }
    }

    @Test func requestTabsAndEditing() {
        var state = Fixtures.state(width: 60, height: 20, answered: false)
        for key: Key in [.tab, .character("a")] { _ = state.update(.key(key)) }
        for character in "X-Name: 名前" { _ = state.update(.key(.character(character))) }
        var canvas = Screen.render(state)
        #expect(canvas.text(row: 2) == "│[x] Accept: */*                                           │")
        #expect(canvas.text(row: 3) == "│[x] X-Name: 名前                                          │")
        #expect(canvas.cursor?.x == 17 && canvas.cursor?.y == 3, "the cursor sits after the wide characters")
        for key: Key in [.enter, .character(" "), .character("l"), .enter] { _ = state.update(.key(key)) }
        _ = state.update(.paste("{\n  \"a\": 1\n}"))
        canvas = Screen.render(state)
        #expect(canvas.text(row: 1).hasPrefix("┌ 3  Params │ Headers │ Body │ Multipart │ Options │"))
        #expect(
            (2...4).map { canvas.text(row: $0) } == [
                "│{                                                         │",
                "│  \"a\": 1                                                  │",
                "│}                                                         │",
            ])
        for key: Key in [.escape, .character("l"), .character("l"), .character("j"), .character("j"), .character(" ")] {
            _ = state.update(.key(key))
        }
        canvas = Screen.render(state)
        #expect(
            (2...5).map { canvas.text(row: $0) } == [
                "│Timeout (s)          none                                 │",
                "│Connect timeout (s)  default                              │",
                "│Follow redirects     no                                   │",
                "│Max redirects        10                                   │",
            ])
        #expect(state.editor.headers.map(\.enabled) == [true, false])
    }

    @Test func aLongURLScrollsWithTheCursor() {
        var state = AppState(width: 60, height: 20)
        _ = state.update(.paste("http://例え.テスト/" + String(repeating: "パス/", count: 12)))
        var row = Screen.render(state).text(row: 0)
        #expect(row.hasPrefix(" GET ▾   │ "))
        #expect(row.contains("パス/パス/"))
        #expect(!row.contains("http"))
        _ = state.update(.key(.home))
        row = Screen.render(state).text(row: 0)
        #expect(row.contains("│ http://例え.テスト/パス"))
        #expect(CharacterWidth.of(row) <= 60)
    }

    @Test func rawWrapsAndNotesATruncatedBody() {
        var state = Fixtures.state(width: 60, height: 20, answered: false)
        _ = state.update(.key(.enter))
        var summary = Fixtures.summary()
        summary.bodyLines = [String(repeating: "0123456789", count: 10)] + (1...30).map { "line \($0)" }
        summary.size = 2 << 20
        summary.bodyTruncated = true
        _ = state.update(.responseArrived(id: 1, summary))  // the focus moves to the response
        _ = state.update(.key(.character("l")))
        let body = state.layout.responseBody
        var canvas = Screen.render(state)
        #expect(canvas.text(row: body.y) == "│012345678901234567890123456789012345678901234567890123456…│", "a cut line ends in …")
        #expect(canvas.text(row: body.y + 1) == "│line 1                                                    │")
        _ = state.update(.key(.character("w")))
        canvas = Screen.render(state)
        #expect(canvas.text(row: body.y + 1) == "│890123456789012345678901234567890123456789                │")
        #expect(canvas.text(row: body.maxY).hasSuffix(" 1-\(body.height)/33 wrap ┘"))
        _ = state.update(.key(.character("G")))
        canvas = Screen.render(state)
        #expect(canvas.text(row: body.maxY - 1) == "│(showing the first 1.0 MiB of 2.0 MiB)                    │")
    }

    @Test func statusLineWhileSending() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        _ = state.update(.key(.enter))
        #expect(Screen.render(state).text(row: 22).hasPrefix(" waiting for the server… 0.0s  Esc cancels"))
        _ = state.update(
            .progress(id: 1, TransferProgress(uploaded: 0, uploadTotal: nil, downloaded: 512 << 10, downloadTotal: 2 << 20), elapsed: 2))
        let status = Screen.render(state).text(row: 22)
        #expect(status.hasPrefix(" ↓ 512.0 KiB of 2.0 MiB [█████               ] 25%  256.0 KiB/s  2.0s"), "\(status)")
        #expect(Screen.render(state).text(row: 0).hasSuffix("│ sending 2.0s"))
    }

    @Test func aFailedRequestShowsItsChain() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        _ = state.update(.key(.enter))
        _ = state.update(
            .requestFailed(
                id: 1,
                ErrorChain(
                    FerryError.transportFailed(
                        reason: .init(kind: .connectionRefused, code: 7, codeText: "Couldn't connect to server", detail: ""))),
                elapsed: 0.25))
        let canvas = Screen.render(state)
        #expect(state.response.tab == .errors)
        #expect(canvas.text(row: state.layout.responseBody.y).contains("1 transport  connectionRefused"))
        #expect(canvas.text(row: 22).hasPrefix(" ✗ "))
        #expect(canvas.text(row: 22).contains("after 0.2s") || canvas.text(row: 22).contains("after 0.3s"))
    }

    /// Issue 32: the status line said "✗ validation (Errors tab)" where the tab opened with a
    /// serialization failure; it names the stage the Errors tab shows first.
    @Test func theStatusLineNamesTheStageTheErrorsTabOpensWith() {
        var summary = Fixtures.summary()
        summary.validation = ErrorChain(FerryError.responseSerializationFailed(reason: .inputEmpty(underlying: nil)))
        let state = Fixtures.state(width: 100, height: 24, answered: true, response: summary)
        let status = Screen.render(state).text(row: state.layout.statusLine.y)
        #expect(status.contains("✗ serialization (Errors tab)"), "\(status)")
        #expect(summary.validation?.links.first?.stage == "serialization")
    }

    /// Issue 32: "cannot read a local file" did not say which; the status line names it.
    @Test func aFileThatCannotBeReadIsNamedOnTheStatusLine() {
        var state = Fixtures.state(width: 100, height: 24, answered: false)
        _ = state.update(.key(.enter))
        let unreadable = FerryError.localFile(reason: .unreadable(path: "/tmp/body.bin", error: POSIXError(.ENOENT)))
        _ = state.update(.requestFailed(id: 1, ErrorChain(unreadable), elapsed: 0))
        let status = Screen.render(state).text(row: state.layout.statusLine.y)
        #expect(status.hasPrefix(" ✗ cannot read a local file: /tmp/body.bin"), "\(status)")
    }
}

enum Snapshots {
    static let idle = #"""
         GET ▾   │ http://127.0.0.1:8080/status/404  │ ⏎ send
        ┌ 3  Params │ Headers │ Body │ Multipart │ Options │ Expect┐
        │[x] Accept: */*                                           │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │Nothing sent yet. To start:                               │
        │  · type a URL and press Enter (or Ctrl-R)                │
        │  · paste a curl command into the URL field               │
        │  · open a request of the collection (Ctrl-B)             │
        │  · try the examples: ferry demo                          │
        │  · F1 lists every key                                    │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         Ready.
         ctrl-r send  f1 help  tab pane
        """#
    static let raw = #"""
         GET ▾   │ http://127.0.0.1:8080/status/404  │ → 404
        ┌ 3  Params │ Headers │ Body │ Multipart │ Options │ Expect┐
        │[x] Accept: */*                                           │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │<html>                                                    │
        │    not 中文 found \x1B[31m                               │
        │ÿ</html>�                                                 │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         404 Not Found  1.2 KiB · 4.0 ms · HTTP/1.1 · 127.0.0.1:808…
         ctrl-r send  f1 help  tab pane  q quit  l tab  w wrap
        """#
    static let hex = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │00000000  3c 68 74 6d 6c 3e 0a 09  6e 6f 74 20 e4 b8 ad e…│
        │00000010  96 87 20 66 6f 75 6e 64  20 1b 5b 33 31 6d 0d 0…│
        │00000020  c3 bf 3c 2f 68 74 6d 6c  3e ff                 …│
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         404 Not Found  1.2 KiB · 4.0 ms · HTTP/1.1 · 127.0.0.1:808…
         ctrl-r send  f1 help  tab pane  q quit  l tab
        """#
    static let headers = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │Response  HTTP/1.1 404 Not Found                          │
        │Content-Type: text/html                                   │
        │Content-Length: 1234                                      │
        │                                                          │
        │Request as sent  GET /status/404 HTTP/1.1                 │
        │Host: 127.0.0.1:8080                                      │
        │Accept: application/json                                  │
        │                                                          │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         404 Not Found  1.2 KiB · 4.0 ms · HTTP/1.1 · 127.0.0.1:808…
         ctrl-r send  f1 help  tab pane  q quit  l tab
        """#
    static let errors = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │1 validation  unacceptableStatusCode                      │
        │  the response's status code is not acceptable            │
        │    status: 404 Not Found                                 │
        │    acceptable: 200-299                                   │
        │2 validation  unacceptableContentType                     │
        │  the response's content type is not acceptable           │
        │    received: text/html                                   │
        │    acceptable: application/json                          │
        │                                                          │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         404 Not Found  1.2 KiB · 4.0 ms · HTTP/1.1 · 127.0.0.1:808…
         ctrl-r send  f1 help  tab pane  q quit  l tab
        """#
    static let timeline = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │queue     ▕█                                  ▏    0.1 ms │
        │dns       ▕███                                ▏    0.4 ms │
        │connect   ▕    ████                           ▏    0.5 ms │
        │tls       ▕                                   ▏    0.0 ms │
        │send      ▕        █                          ▏    0.2 ms │
        │wait      ▕          █████████████████        ▏    2.0 ms │
        │receive   ▕                            ███████▏    0.8 ms │
        │serialize ▕                                   ▏    0.0 ms │
        │total                                              4.0 ms │
        │                                                          │
        └──────────────────────────────────────────────────────────┘
         404 Not Found  1.2 KiB · 4.0 ms · HTTP/1.1 · 127.0.0.1:808…
         ctrl-r send  f1 help  tab pane  q quit  l tab
        """#
    static let help = #"""

        ┌ ┌ Keys: Esc or ? closes, j/k scroll │──────────────────────────────────────┐ ┐
        │ │Text field (URL, a row, an option, a prompt)                              │ │
        │ │  ctrl-r enter      send the request                                      │ │
        │ │  left              cursor left                                           │ │
        └ │  right             cursor right                                          │ ┘
        ┌ │  ctrl-left alt-b   word left                                             │ ┐
        │ │  ctrl-right alt-f  word right                                            │ │
        │ │  home ctrl-a       start of line                                         │ │
        │ │  end ctrl-e        end of line                                           │ │
        │ │  backspace         delete before the cursor                              │ │
        │ │  delete            delete at the cursor                                  │ │
        │ │  ctrl-w            delete the word before the cursor                     │ │
        │ │  ctrl-u            delete to the start of the line                       │ │
        │ │  ctrl-n            complete a header name, a GraphQL field, a gRPC metho…│ │
        │ │                                                                          │ │
        │ │Everywhere                                                                │ │
        │ │  esc        cancel the request in flight, close help, stop editing       │ │
        │ │  ctrl-c     quit Ferry                                                   │ │
        │ │  f1         show or hide this help                                       │ │
        │ └──────────────────────────────────────────────────────────────────────────┘ │
        └                                                                              ┘
         Ready.
         j scroll  esc close
        """#
    static let tooSmall = #"""









        Ferry needs a terminal of at least 60×20;
        this one is 59×20. Enlarge it, or press Ctrl-C to quit.









        """#
}
