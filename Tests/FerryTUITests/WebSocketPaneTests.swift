import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The TUI's WebSocket state and the bounded log the Events tab keeps: the composer's rules, Esc
/// closing, a real binary file echoed by the demo server, and memory that stays bounded.
@Suite struct WebSocketPaneTests {
    @Test func theComposerReadsTheLine() {
        #expect(WebSocketOutgoing.composed("hello") == .success(.text("hello")))
        #expect(WebSocketOutgoing.composed(#"{"a": [1, 2]}"#) == .success(.text(#"{"a": [1, 2]}"#)))
        #expect(WebSocketOutgoing.composed("@/tmp/x.bin") == .success(.file(path: "/tmp/x.bin")))
        #expect(WebSocketOutgoing.composed(#"\{not json"#) == .success(.text("{not json")))
        #expect(WebSocketOutgoing.composed(#"\@me"#) == .success(.text("@me")))
        guard case .failure(let problem) = WebSocketOutgoing.composed(#"{"a": }"#) else { Issue.record("bad JSON was accepted"); return }
        #expect(problem.message.contains("line 1, column 7"), "\(problem.message)")
        guard case .failure(let two) = WebSocketOutgoing.composed("[1] [2]") else { Issue.record("two JSON values were accepted"); return }
        #expect(two.message.contains("not JSON: line 1, column 5"), "\(two.message)")
        guard case .failure = WebSocketOutgoing.composed("@") else { Issue.record("@ without a path was accepted"); return }
    }

    /// A state whose request 1 opened a WebSocket.
    private func openState() -> AppState {
        var state = AppState(width: 100, height: 30)
        for character in "ws://127.0.0.1:1/ws" { _ = state.update(.key(.character(character))) }
        let effects = state.update(.key(.enter))
        guard case .openWebSocket(1, let outgoing)? = effects.first else {
            Issue.record("no openWebSocket effect: \(effects)")
            return state
        }
        #expect(outgoing.resolved.request.isWebSocket)
        let head = Response(
            status: 101, reasonPhrase: "Switching Protocols", httpVersion: "HTTP/1.1", headers: HTTPHeaders(), body: .empty,
            effectiveURL: "ws://127.0.0.1:1/ws", remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
        _ = state.update(.webSocketOpened(id: 1, .webSocket(head)))
        return state
    }

    @Test func badJSONStaysInTheComposerAndEscCloses() {
        var state = openState()
        #expect(state.response.tab == .events)
        #expect(state.events.webSocket?.phase == .open)
        _ = state.update(.key(.character("i")))
        _ = state.update(.paste(#"{"a": }"#))
        #expect(state.update(.key(.enter)).isEmpty, "nothing is sent")
        #expect(state.response.views.prompt?.field.text == #"{"a": }"#)
        #expect(state.notice?.contains("not JSON") == true)
        _ = state.update(.key(.control("u")))
        _ = state.update(.paste(#"{"a": 1}"#))
        let effects = state.update(.key(.enter))
        guard case .sendWebSocketMessage(1, .text(#"{"a": 1}"#))? = effects.first else { Issue.record("\(effects)"); return }
        #expect(state.response.views.prompt?.field.text == "", "the composer stays, empty")
        _ = state.update(.key(.escape))
        #expect(state.response.views.prompt == nil)
        guard case .closeWebSocket(1)? = state.update(.key(.escape)).first else { Issue.record("Esc did not close"); return }
        #expect(state.events.webSocket?.phase == .closing)
        _ = state.update(
            .webSocketMessages(
                id: 1, [WebSocketMessage(direction: .received, kind: .close, data: Data(), time: 9, closeCode: 1000, closeReason: "")]))
        #expect(state.events.webSocket?.phase == .closed)
        #expect(state.events.count == 1, "what came is kept")
    }

    @Test func theLogKeepsTheNewestWithinItsCountAndBytes() {
        var log = EventLog<WebSocketEvent>(capacity: 5, byteBudget: 1000)
        func message(_ size: Int) -> WebSocketEvent {
            WebSocketEvent(
                number: log.total + 1, message: WebSocketMessage(direction: .received, kind: .binary, data: Data(count: size), time: 0))
        }
        for _ in 0..<12 { log.append([message(10)]) }
        #expect(log.count == 5 && log.total == 12)
        #expect(log.kept.map(\.number) == [8, 9, 10, 11, 12])
        // A large one pushes out as many of the oldest as its bytes need, the newest always kept.
        log.append([message(980)])
        #expect(log.kept.map(\.number) == [11, 12, 13], "\(log.kept.map(\.number))")
        #expect(log.keptBytes == 1000)
        log.append([message(5000)])
        #expect(log.kept.map(\.number) == [14] && log.keptBytes == 5000)
        for _ in 0..<7 { log.append([message(1)]) }
        #expect(log.kept.map(\.number) == [17, 18, 19, 20, 21])
        // A message is kept cut at the tab's limit; its size is the whole message's.
        let big = WebSocketEvent(number: 1, message: WebSocketMessage(direction: .sent, kind: .binary, data: Data(count: 1 << 20), time: 0))
        #expect(big.size == 1 << 20 && big.message.data.count == WebSocketEvent.dataLimit && big.truncated)
    }

    /// In-process against the demo server's echo: `@path` sends the file's bytes as a binary message,
    /// which comes back and shows as a hex dump.
    @Test func aFileGoesAsABinaryMessageAndComesBack() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let file = try home.write("data.bin", Data([0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01]))
            let tui = InProcessTUI(home: home, width: 110, height: 34)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type(server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("WebSocket open") }
            tui.press(.character("i"))
            tui.type("@" + file)
            tui.press(.enter)
            let screen = try await tui.waitForScreen { $0.text.contains("↓  binary") }
            #expect(screen.text.contains("↑  binary"), "\(screen.text)")
            #expect(screen.text.contains("de ad be ef 00 01"), "the echo as a hex dump: \(screen.text)")
            // The composer stays open for the next message.
            tui.type("@" + home.file("missing.bin"))
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("‹✗ cannot read") }
            #expect(tui.screen.text.contains("2 messages (↑1 ↓1)"))
            #expect(try await tui.quit() == 0)
        }
    }

    /// Messages the runtime only counted (the UI fell behind) count in the totals, not in the rows.
    @Test func skippedMessagesAreCountedNotKept() {
        var state = openState()
        let message = WebSocketMessage(direction: .received, kind: .text, data: Data("x".utf8), time: 1)
        _ = state.update(.webSocketMessages(id: 1, [message], skipped: WebSocketSkipped(sent: 1, received: 40, bytes: 400)))
        #expect(state.events.messages.total == 42 && state.events.count == 1)
        #expect(state.events.messages.bytes == 401)
        #expect(state.events.webSocket?.sent == 1 && state.events.webSocket?.received == 41)
        #expect(state.events.selectedMessage?.number == 42)
    }

    /// In-process against the demo server's fastest push: every message is counted, the newest are
    /// kept, and the server's close arrives whole.
    @Test func aFloodIsCountedWholeAndKeptBounded() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 120, height: 34)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type(server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws/push?count=20000&interval=0")
            tui.press(.enter)
            let screen = try await tui.waitForScreen(timeout: .seconds(60)) { $0.text.contains("WebSocket closed 1000") }
            #expect(screen.text.contains("20002 messages, the newest 10000 kept (↑0 ↓20002)"), "\(screen.text)")
            #expect(try await tui.quit() == 0)
        }
    }
}
