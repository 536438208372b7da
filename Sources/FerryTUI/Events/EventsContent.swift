import FerryCore
import Foundation

/// What the Events tab shows: a row per event (time since the request started, type, id, size),
/// the selected event's data below (a tree when it is JSON), and the events' marks on the Timeline.
enum EventsContent {
    static func lines(_ state: AppState, width: Int, height: Int) -> [[Span]] {
        let pane = state.events
        guard pane.framing != nil else { return [[Span("The response is not a stream.", .muted)]] }
        var lines = [header(pane, isLive: state.exchange.isSending)]
        let listHeight = max(3, height / 2 - 1)
        let first = max(0, min(pane.selection - listHeight + 1, pane.log.count - listHeight))
        for index in first..<min(pane.log.count, first + listHeight) {
            lines.append(row(pane.log[index], selected: index == pane.selection))
        }
        if pane.log.count == 0 { lines.append([Span("Waiting for the first event… (Esc stops the stream)", .muted)]) }
        guard let event = pane.selected else { return lines }
        let title = " event \(event.number) · \(event.type)" + (event.id.map { " · id \($0)" } ?? "") + " · \(ByteCountText.format(Int64(event.size))) "
        lines.append([Span("──" + TerminalSafeText.escaping(title) + String(repeating: "─", count: max(0, width - CharacterWidth.of(title) - 2)), .muted)])
        return lines + detail(event, height: max(0, height - lines.count))
    }

    /// The count, the framing, and whether the selection follows.
    private static func header(_ pane: EventsPane, isLive: Bool) -> [Span] {
        let events = pane.log.total == 1 ? "1 event" : "\(pane.log.total) events"
        let count = pane.log.total == pane.log.count ? events : "\(events), the newest \(pane.log.count) kept"
        let state = !isLive ? "ended" : pane.follow ? "following (↑ pauses, Esc stops)" : "paused (End follows)"
        let columns = "#".leftPadded(to: 5) + " " + "time".leftPadded(to: 10) + "  " + "type".padding(toLength: 16, withPad: " ", startingAt: 0)
            + "  " + "id".padding(toLength: 8, withPad: " ", startingAt: 0) + " " + "size".leftPadded(to: 9) + "   "
        return [Span(columns, .accent), Span("\(count) · \(ByteCountText.format(pane.log.bytes)) · \(state)", .muted)]
    }

    private static func row(_ event: StreamEvent, selected: Bool) -> [Span] {
        let number = String(event.number).leftPadded(to: 5)
        let time = String(format: "%.3fs", Double(event.time) / 1e6).leftPadded(to: 10)
        let type = TerminalSafeText.escaping(String(event.type.prefix(16))).padding(toLength: 16, withPad: " ", startingAt: 0)
        let id = TerminalSafeText.escaping(String((event.id ?? "").prefix(8))).padding(toLength: 8, withPad: " ", startingAt: 0)
        let size = ByteCountText.format(Int64(event.size)).leftPadded(to: 9)
        let text = "\(number) \(time)  \(type)  \(id) \(size)" + (event.truncated ? "  (cut)" : "")
        return [Span(text, selected ? .selection : .base)]
    }

    /// The selected event's data: a document tree, expanded as far as fits, when it is JSON; else its lines.
    private static func detail(_ event: StreamEvent, height: Int) -> [[Span]] {
        let data = Data(event.data.utf8)
        if let document = try? JSONParser.parse(data), !document.topLevelNodes.isEmpty {
            var tree = DocumentTree(document: document)
            tree.expandToFit(max(1, height))
            return tree.rows.indices.prefix(height).map { ResponseContent.treeLine(tree, document: document, index: $0, showsSelection: false) }
        }
        return event.data.split(separator: "\n", omittingEmptySubsequences: false).prefix(height).map { [Span(TerminalSafeText.escaping(String($0)))] }
    }

    /// On the Timeline: when the head (first byte) came and a mark for each kept event on the same scale as the phases.
    static func timelineMarks(_ state: AppState, width: Int) -> [[Span]] {
        let pane = state.events
        guard pane.framing != nil, let summary = state.exchange.summary else { return [] }
        let labelWidth = 10, msWidth = 11
        let barWidth = max(1, width - labelWidth - msWidth - 2)
        let total = max(1, summary.timeline.total, pane.log.count > 0 ? pane.log[pane.log.count - 1].time : 0)
        var bar = Array(repeating: Character(" "), count: barWidth)
        for index in 0..<pane.log.count {
            bar[min(barWidth - 1, Int(pane.log[index].time * Int64(barWidth) / total))] = "│"
        }
        var lines: [[Span]] = [[]]
        if let head = pane.headTime {
            lines.append([Span("first byte".padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent),
                          Span("at " + ByteCountText.milliseconds(head))])
        }
        lines.append([Span("events".padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent), Span("▕"),
                      Span(String(bar), .timelineBar), Span("▏"), Span("\(pane.log.total)".leftPadded(to: msWidth - 1))])
        return lines
    }
}
