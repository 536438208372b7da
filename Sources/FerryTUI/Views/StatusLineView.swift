import FerryCore
import Foundation

/// The status line: the response at a glance, or the transfer's progress while in flight; the
/// notice, and the selected sidebar request's whole name and path while the sidebar has the focus.
struct StatusLineView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        var spans = Self.spans(for: state, width: rect.width)
        if let notice = state.notice { spans.append(Span("  ‹\(notice)›", .accent)) }
        if state.focus == .sidebar, let item = state.collection.sidebar?.selectedItem {
            spans.append(Span("  ▸ \(item.title) (\(item.path))", .muted))
        }
        canvas.put(spans, in: rect, row: 0, theme: state.theme, ellipsis: true)
    }

    static func spans(for state: AppState, width: Int) -> [Span] {
        switch state.exchange {
        case .idle:
            return [Span(" Ready.", .muted)]
        case .sending(_, let progress, let elapsed):
            return sending(progress, elapsed: elapsed, width: width)
        case .finished(let summary) where state.viewerTitle != nil:
            return [
                Span(
                    " "
                        + ([summary.tree.document.map { $0.format.rawValue + " document" }, ByteCountText.format(summary.size)]
                            .compactMap { $0 }.joined(separator: " · ")))
            ]
        case .finished(let summary):
            var spans = [Span(" \(summary.status) \(summary.reason) ", statusRole(summary.status))]
            // A response from the history says so before anything else.
            if let recorded = summary.recorded { spans.append(Span(" recorded \(HistoryOverlay.time(recorded)), not sent now ·", .muted)) }
            var facts = [ByteCountText.format(summary.size), ByteCountText.milliseconds(summary.timeline.total), summary.httpVersion]
            if let remote = summary.remoteAddress { facts.append(remote) }
            spans.append(Span(" " + facts.joined(separator: " · ")))
            if let socket = state.events.webSocket {
                let phase =
                    switch socket.phase {
                    case .open: "WebSocket open"
                    case .closing: "WebSocket closing…"
                    case .closed: "WebSocket closed" + (socket.close.map { " " + WebSocketContent.closeText($0) } ?? "")
                    }
                spans.append(Span("  \(phase) · ↑\(socket.sent) ↓\(socket.received)", socket.phase == .open ? .progress : .muted))
            }
            if summary.stoppedByUser { spans.append(Span("  ■ stopped by you: what arrived is kept", .muted)) }

            // The stage the Errors tab opens with (serialization, validation), short enough to leave the notice room.
            if let validation = summary.validation {
                spans.append(Span("  ✗ \(validation.links.first?.stage ?? "validation") (Errors tab)", .error))
            }
            return spans
        case .failed(let chain, let elapsed):
            var message = chain.links.first?.message ?? "failed"
            // A file's failure names the file ("cannot read a local file" alone did not say which).
            if let path = chain.links.first?.details.first(where: { $0.name == "path" })?.value, !message.contains(path) {
                message += ": " + path
            }
            let time = elapsed > 0 ? String(format: " after %.1fs", elapsed) : ""
            return [Span(" ✗ \(message)\(time)", .error)]
        }
    }

    static func statusRole(_ status: Int) -> Theme.Role {
        switch status {
        case 200..<300: .success
        case 300..<400: .redirect
        case 400..<500: .clientError
        default: .serverError
        }
    }

    private static func sending(_ progress: TransferProgress?, elapsed: Double, width: Int) -> [Span] {
        let time = String(format: "%.1fs", elapsed)
        guard let progress, progress.downloaded > 0 || progress.uploaded > 0 else {
            return [Span(" waiting for the server… \(time)", .progress), Span("  Esc cancels", .muted)]
        }
        let uploading = progress.downloaded == 0 && progress.uploaded > 0
        let done = uploading ? progress.uploaded : progress.downloaded
        let total = uploading ? progress.uploadTotal : progress.downloadTotal
        let rate = elapsed > 0 ? ByteCountText.format(Int64(Double(done) / elapsed)) + "/s" : ""
        var spans = [
            Span(
                " \(uploading ? "↑" : "↓") \(ByteCountText.format(done))" + (total.map { " of " + ByteCountText.format($0) } ?? ""),
                .progress)
        ]
        if let total, total > 0 {
            let barWidth = max(4, min(30, width / 4))
            let filled = Int(Double(barWidth) * min(1, Double(done) / Double(total)))
            spans.append(
                Span(" [" + String(repeating: "█", count: filled) + String(repeating: " ", count: barWidth - filled) + "]", .progress))
            spans.append(Span(" \(Int(100 * min(1, Double(done) / Double(total))))%"))
        }
        spans.append(Span("  \(rate)  \(time)"))
        spans.append(Span("  Esc cancels", .muted))
        return spans
    }
}
