import FerryCore
import Foundation

/// What the Events tab shows for a WebSocket: a row per message both ways (↑ sent, ↓ received, time
/// since the connection was asked for, opcode, size; a close with its code and reason), and the
/// selected message's data below: a tree when it is JSON, its lines when it is text, a hex dump when
/// it is binary.
enum WebSocketContent {
    static func lines(_ state: AppState, socket: EventsPane.WebSocket, width: Int, height: Int) -> [[Span]] {
        let pane = state.events
        var lines = [header(pane, socket: socket)]
        let listHeight = max(3, height / 2 - 1)
        let first = max(0, min(pane.selection - listHeight + 1, pane.messages.count - listHeight))
        for index in first..<min(pane.messages.count, first + listHeight) {
            lines.append(row(pane.messages[index], selected: index == pane.selection))
        }
        if pane.messages.count == 0 {
            lines.append([Span("No message yet: \(state.keymap.keys(for: .composeMessage)) writes one.", .muted)])
        }
        guard let event = pane.selectedMessage else { return lines }
        let message = event.message
        let title =
            " message \(event.number) · \(arrow(message)) \(message.kind.rawValue) · \(ByteCountText.format(Int64(event.size)))"
            + (event.truncated ? " (the first \(ByteCountText.format(Int64(message.data.count))) kept)" : "") + " "
        lines.append([Span("──" + title + String(repeating: "─", count: max(0, width - CharacterWidth.of(title) - 2)), .muted)])
        return lines + detail(message, height: max(0, height - lines.count))
    }

    /// The counts both ways and the connection's state (the footer names the keys).
    private static func header(_ pane: EventsPane, socket: EventsPane.WebSocket) -> [Span] {
        let total = pane.messages.total
        let messages = total == 1 ? "1 message" : "\(total) messages"
        let count = total == pane.messages.count ? messages : "\(messages), the newest \(pane.messages.count) kept"
        let state: String
        switch socket.phase {
        case .open: state = "open, " + (pane.follow ? "following" : "paused (End follows)")
        case .closing: state = "closing…"
        case .closed: state = "closed" + (socket.close.map { " " + closeText($0) } ?? "")
        }
        let columns =
            "#".leftPadded(to: 5) + " " + "time".leftPadded(to: 10) + "     " + "opcode".padding(toLength: 8, withPad: " ", startingAt: 0)
            + " " + "size".leftPadded(to: 9) + "   "
        return [
            Span(columns, .accent),
            Span("\(count) (↑\(socket.sent) ↓\(socket.received)) · \(ByteCountText.format(pane.messages.bytes)) · \(state)", .muted),
        ]
    }

    private static func row(_ event: WebSocketEvent, selected: Bool) -> [Span] {
        let message = event.message
        let number = String(event.number).leftPadded(to: 5)
        let time = String(format: "%.3fs", Double(message.time) / 1e6).leftPadded(to: 10)
        let kind = message.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        let size = ByteCountText.format(Int64(event.size)).leftPadded(to: 9)
        let close = message.kind == .close ? "  " + closeText(message) : ""
        return [Span("\(number) \(time)  \(arrow(message))  \(kind) \(size)\(close)", selected ? .selection : .base)]
    }

    private static func arrow(_ message: WebSocketMessage) -> String { message.direction == .sent ? "↑" : "↓" }

    /// `1000 (reason)`, terminal-safe.
    static func closeText(_ message: WebSocketMessage) -> String {
        let reason = message.closeReason.map { $0.isEmpty ? "" : " (" + TerminalSafeText.escaping($0) + ")" } ?? ""
        return "\(message.closeCode ?? 1005)\(reason)"
    }

    /// The message's data: a close's code and reason, binary data as a hex dump, text as EventsContent shows an event's data.
    private static func detail(_ message: WebSocketMessage, height: Int) -> [[Span]] {
        if message.kind == .close { return [[Span("close code ", .accent), Span(closeText(message))]] }
        let text = String(data: message.data, encoding: .utf8)
        guard message.kind != .binary, let text else {
            let dump = HexDump(source: ByteSource(data: message.data))
            let rows = (try? dump.rows(from: 0, count: min(height, Int(dump.rowCount)))) ?? []
            return rows.map { [Span($0.rendered)] }
        }
        if message.data.isEmpty { return [[Span("(no data)", .muted)]] }
        return EventsContent.detail(text, height: height)
    }
}
