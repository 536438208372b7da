import FerryCore

/// WebSockets in the TUI: a `ws://` or `wss://` URL opens one when sent; the messages both ways fill
/// the Events tab; `i` there opens the composer (text, JSON checked first, `@path` a file as binary);
/// Esc closes the connection and keeps what went and came.
extension AppState {
    /// The WebSocket of request `id` is open: the handshake shows as the response, the Events tab opens.
    mutating func webSocketOpened(id: Int, _ summary: ResponseSummary) {
        guard case .sending(id, _, _) = exchange else { return }
        present(summary)
        events.beginWebSocket(id: id, time: summary.timeline.total)
        response.tab = .events
        notice = "WebSocket open: \(keymap.keys(for: .composeMessage)) writes a message, \(keymap.keys(for: .cancel)) closes it"
    }

    /// Messages of request `id`'s WebSocket went or came.
    mutating func webSocketMessagesArrived(id: Int, _ messages: [WebSocketMessage], skipped: WebSocketSkipped) {
        guard events.webSocket?.id == id else { return }
        events.append(messages, skipped: skipped)
    }

    /// The WebSocket of request `id` ended: Raw and Hex show its transcript, the tabs stay as they are.
    mutating func webSocketEnded(id: Int, _ summary: ResponseSummary) {
        guard events.webSocket?.id == id else { return }
        events.webSocketEnded()
        if exchange.summary != nil { exchange = .finished(summary) }
        if response.views.prompt?.kind == .message { response.views.prompt = nil }
        notice = "WebSocket closed" + (events.webSocket?.close.map { " " + WebSocketContent.closeText($0) } ?? "")
    }

    /// `i` in the Events tab of an open WebSocket: the composer, on the tab's last row.
    mutating func composeMessage() {
        guard focus == .response, response.tab == .events, events.openWebSocketID != nil else {
            notice = "the composer writes to an open WebSocket (send a ws:// or wss:// URL), in the Events tab"
            return
        }
        response.views.prompt = ViewPrompt(kind: .message)
        notice = "Enter sends: text, JSON ({…} checked first), @path a file as binary, \\ text as written; Esc stops writing"
    }

    /// Enter in the composer: the message goes (the composer stays, empty, for the next one), or
    /// stays with the reason it cannot.
    mutating func sendComposed(_ text: String) -> [Effect] {
        guard let id = events.openWebSocketID else {
            response.views.prompt = nil
            notice = "the WebSocket is closed: nothing was sent"
            return []
        }
        switch WebSocketOutgoing.composed(text) {
        case .success(let message):
            response.views.prompt = ViewPrompt(kind: .message)
            notice = nil
            return [.sendWebSocketMessage(id: id, message)]
        case .failure(let problem):
            notice = "✗ " + problem.message
            return []
        }
    }
}
