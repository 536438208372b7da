import FerryCore
import Foundation

/// What the Events tab shows: a row per event (time since the request started, type, id, size),
/// the selected event's data below (a tree when it is JSON), and the events' marks on the Timeline.
enum EventsContent {
    static func lines(_ state: AppState, width: Int, height: Int) -> [[Span]] {
        let pane = state.events
        if let socket = pane.webSocket { return WebSocketContent.lines(state, socket: socket, width: width, height: height) }
        guard pane.framing != nil else { return [[Span("The response is not a stream.", .muted)]] }
        var lines = [header(pane, isLive: state.exchange.isSending)]
        let listHeight = max(3, height / 2 - 1)
        let first = max(0, min(pane.selection - listHeight + 1, pane.log.count - listHeight))
        for index in first..<min(pane.log.count, first + listHeight) {
            lines.append(row(pane.log[index], selected: index == pane.selection))
        }
        if pane.log.count == 0 { lines.append([Span("Waiting for the first event… (Esc stops the stream)", .muted)]) }
        guard let event = pane.selected else { return lines }
        let title =
            " event \(event.number) · \(event.type)" + (event.id.map { " · id \($0)" } ?? "")
            + " · \(ByteCountText.format(Int64(event.size))) "
        lines.append([
            Span(
                "──" + TerminalSafeText.escaping(title) + String(repeating: "─", count: max(0, width - CharacterWidth.of(title) - 2)),
                .muted)
        ])
        return lines + detail(event.data, height: max(0, height - lines.count))
    }

    /// The count, the framing, and whether the selection follows.
    private static func header(_ pane: EventsPane, isLive: Bool) -> [Span] {
        let events = pane.log.total == 1 ? "1 event" : "\(pane.log.total) events"
        let count = pane.log.total == pane.log.count ? events : "\(events), the newest \(pane.log.count) kept"
        let state = !isLive ? "ended" : pane.follow ? "following (↑ pauses, Esc stops)" : "paused (End follows)"
        let columns =
            "#".leftPadded(to: 5) + " " + "time".leftPadded(to: 10) + "  " + "type".padding(toLength: 16, withPad: " ", startingAt: 0)
            + "  " + "id".padding(toLength: 8, withPad: " ", startingAt: 0) + " " + "size".leftPadded(to: 9) + "   "
        return [Span(columns, .accent), Span("\(count) · \(ByteCountText.format(pane.log.bytes)) · \(state)", .muted)]
    }

    private static func row(_ event: StreamEvent, selected: Bool) -> [Span] {
        let number = String(event.number).leftPadded(to: 5)
        let time = String(format: "%.3fs", Double(event.time) / 1e6).leftPadded(to: 10)
        let type = CharacterWidth.fitted(TerminalSafeText.escaping(event.type), to: 16)
        let id = CharacterWidth.fitted(TerminalSafeText.escaping(event.id ?? ""), to: 8)
        let size = ByteCountText.format(Int64(event.size)).leftPadded(to: 9)
        let text = "\(number) \(time)  \(type)  \(id) \(size)" + (event.truncated ? "  (cut)" : "")
        return [Span(text, selected ? .selection : .base)]
    }

    /// An event's (or a message's) data: a document tree, expanded as far as fits, when it is JSON; else its lines.
    static func detail(_ text: String, height: Int) -> [[Span]] {
        let data = Data(text.utf8)
        if let document = try? JSONParser.parse(data), !document.topLevelNodes.isEmpty {
            var tree = DocumentTree(document: document)
            tree.expandToFit(max(1, height))
            return tree.rows.indices.prefix(height).map {
                ResponseContent.treeLine(tree, document: document, index: $0, showsSelection: false)
            }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix(height).map {
            [Span(TerminalSafeText.escaping(String($0)))]
        }
    }

    /// On the Timeline: when the head (first byte; for a WebSocket the 101 that upgraded it) came and
    /// a mark for each kept event (or message) on the same scale as the phases.
    static func timelineMarks(_ state: AppState, width: Int) -> [[Span]] {
        let pane = state.events
        guard pane.isShown, let summary = state.exchange.summary else { return [] }
        let times =
            pane.webSocket == nil
            ? (0..<pane.log.count).map { pane.log[$0].time } : (0..<pane.messages.count).map { pane.messages[$0].message.time }
        let labelWidth = 10, msWidth = 11
        let barWidth = max(1, width - labelWidth - msWidth - 2)
        let total = max(1, summary.timeline.total, times.last ?? 0)
        var bar = Array(repeating: Character(" "), count: barWidth)
        for time in times {
            bar[min(barWidth - 1, Int(time * Int64(barWidth) / total))] = "│"
        }
        var lines: [[Span]] = [[]]
        if let head = pane.headTime {
            lines.append([
                Span(
                    (pane.webSocket == nil ? "first byte" : "upgrade").padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent),
                Span((pane.webSocket == nil ? "at " : "101 Switching Protocols at ") + ByteCountText.milliseconds(head)),
            ])
        }
        lines.append([
            Span((pane.webSocket == nil ? "events" : "messages").padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent),
            Span("▕"),
            Span(String(bar), .timelineBar), Span("▏"),
            Span("\(pane.webSocket == nil ? pane.log.total : pane.messages.total)".leftPadded(to: msWidth - 1)),
        ])
        return lines
    }
}
