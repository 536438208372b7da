/// The Mock view over the screen: where the server listens and in which modes, its routes (hits and
/// last request of each, the selected one highlighted with its replies), then the live log, newest
/// at the bottom.
struct MockOverlay {
    func render(_ state: AppState, in bounds: Rect, canvas: inout Canvas) {
        guard let pane = state.mock, pane.isShown else { return }
        let rect = HistoryOverlay.box(in: bounds)
        guard rect.width > 20, rect.height > 6 else { return }
        canvas.cursor = nil
        canvas.openOverlay(rect, in: bounds, theme: state.theme)
        let title = "Mock: Enter last request, s " + (pane.isRunning ? "stops" : "starts") + ", u points the URL here, Esc closes"
        Frame(tabs: [title], active: 0, focused: true, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        for (row, line) in Self.lines(pane, width: inner.width, height: inner.height).enumerated() {
            canvas.put(line.spans, in: inner, row: row, theme: state.theme, ellipsis: true)
            if line.isSelected {
                canvas.restyle(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: state.theme[.selection])
            }
        }
    }

    /// The view's rows for `height` rows: the state line, the routes (scrolled to the selection), the log's newest lines.
    static func lines(_ pane: MockPane, width: Int, height: Int) -> [(spans: [Span], isSelected: Bool)] {
        let hits = pane.routes.reduce(pane.unrouted) { $0 + $1.hits }
        let state: [Span] =
            switch pane.phase {
            case .starting: [Span("starting on port \(pane.port)…", .progress)]
            case .running(let url): [Span("listening on \(url)", .success), Span(" · \(pane.routes.count) routes · \(hits) hits", .muted)]
            case .stopped: [Span("stopped", .muted), Span(" · \(hits) hits (s starts it again)", .muted)]
            case .failed(let why): [Span("✗ " + why, .error)]
            }
        var lines: [(spans: [Span], isSelected: Bool)] = [(state, false)]
        if !pane.settings.modes.isEmpty { lines.append(([Span(pane.settings.modes.joined(separator: " · "), .accent)], false)) }
        lines += pane.warnings.prefix(2).map { ([Span("warning: " + $0, .muted)], false) }
        lines.append(([], false))
        let nameWidth = min(40, (pane.routes.map(\.name.count).max() ?? 0) + 2)
        let routeRows = max(1, min(pane.routes.count, (height - lines.count - 1) / 2))
        let top = max(0, min(pane.selection - routeRows + 1, pane.routes.count - routeRows))
        if pane.routes.isEmpty, pane.isRunning {
            lines.append(([Span("no routes: no request file here has saved examples", .muted)], false))
        }
        for (offset, route) in pane.routes.dropFirst(top).prefix(routeRows).enumerated() {
            let last =
                route.last.map { hit in
                    " last: \(hit.method) \(hit.path) \(hit.status)" + (hit.answer.map { " (\($0))" } ?? "")
                        + " at \(HistoryOverlay.time(hit.time).suffix(8))"
                } ?? ""
            let isSelected = top + offset == pane.selection
            lines.append(
                (
                    [
                        Span(route.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0), .method),
                        Span("\(route.hits) hits".padding(toLength: 10, withPad: " ", startingAt: 0)), Span(last),
                        Span("  " + route.source, .muted),
                    ], isSelected
                ))
            if isSelected, !route.replies.isEmpty { lines.append((replies(of: route), false)) }
        }
        lines += [([], false), ([Span("Log", .accent)], false)]
        let room = max(0, height - lines.count)
        lines += pane.log.suffix(room).map { hit in
            ([Span(hit.line, hit.status == 0 || hit.status >= 400 ? .error : .base)], false)
        }
        return lines
    }

    /// The selected route's replies, the one its last hit got marked: `replies: ▸200 rex  404 missing  200 generated`.
    private static func replies(of route: MockRouteRow) -> [Span] {
        [Span("  replies:", .muted)]
            + route.replies.map { reply in
                reply.gave(route.last?.answer) ? Span(" ▸" + reply.label, .accent) : Span("  " + reply.label, .muted)
            }
    }
}
