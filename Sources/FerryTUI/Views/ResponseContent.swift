import FerryCore
import Foundation

/// The lines each response tab shows for a state and a width; the pane scrolls through them.
enum ResponseContent {
    /// Lines made on demand, so a long body costs only the rows on screen.
    struct Lines {
        let count: Int
        let line: (Int) -> [Span]

        init(count: Int, line: @escaping (Int) -> [Span]) {
            self.count = count
            self.line = line
        }

        init(_ lines: [[Span]]) {
            self.init(count: lines.count) { lines[$0] }
        }
    }

    static func lines(for tab: ResponseTab, state: AppState, width: Int) -> Lines {
        switch tab {
        case .tree: tree(state)
        case .raw: raw(state, width: width)
        case .hex: state.exchange.summary?.bytes.map { HexView.lines($0, mark: state.response.views.hexMark) } ?? raw(state, width: width)
        case .headers: Lines(headers(state))
        case .errors: Lines(errors(state))
        case .timeline: Lines(timeline(state, width: width) + EventsContent.timelineMarks(state, width: width))
        case .events: Lines(EventsContent.lines(state, width: width, height: state.layout.responseBody.height))
        }
    }

    /// What the response pane says before anything was sent: the ways to start (inside `ferry demo`,
    /// its examples are a key away rather than a command away).
    static func howToStart(hasExamples: Bool) -> [String] {
        [
            "Nothing sent yet. To start:",
            "  · type a URL and press Enter (or Ctrl-R)",
            "  · paste a curl command into the URL field",
            "  · open a request of the collection (Ctrl-B)",
            hasExamples ? "  · step through the examples: F2 and F3" : "  · try the examples: ferry demo",
            "  · F1 lists every key",
        ]
    }

    /// The offer of the open file's last recorded response, before anything is sent.
    private static func lastRecorded(_ state: AppState) -> [String] {
        guard let row = state.collection.lastRecorded else { return [] }
        let status = row.status.map { "\($0)" } ?? "no response"
        return [
            "Last sent from this file: \(HistoryOverlay.time(row.time)) UTC, \(status).",
            "  · \(state.keymap.keys(for: .showLastRecorded)) shows that recorded response (not sent again)", "",
        ]
    }

    private static func raw(_ state: AppState, width: Int) -> Lines {
        switch state.exchange {
        case .idle:
            return Lines(
                (lastRecorded(state) + Self.howToStart(hasExamples: !state.collection.examples.isEmpty)).map { [Span($0, .muted)] })
        case .sending: return Lines([[Span("Waiting for the response… (Esc cancels)", .muted)]])
        case .failed: return Lines([[Span("No response: the request failed. The Errors tab shows why.", .error)]])
        case .finished(let summary):
            let lines = state.response.views.pretty ? state.response.views.prettyLines ?? [] : summary.bodyLines
            let body = state.response.wrap ? lines.flatMap { wrap($0, width: width) } : lines
            let note =
                "(showing the first \(ByteCountText.format(Int64(ResponseSummary.previewLimit))) of \(ByteCountText.format(summary.size)))"
            return Lines(count: body.count + (summary.bodyTruncated ? 1 : 0)) { index in
                index < body.count ? [Span(body[index])] : [Span(note, .muted)]
            }
        }
    }

    private static func tree(_ state: AppState) -> Lines {
        guard case .finished(let summary) = state.exchange else { return raw(state, width: 0) }
        let tree = summary.tree
        guard let document = tree.document else { return Lines([[Span(tree.note ?? "", .muted)]]) }
        return Lines(count: tree.rows.count) { treeLine(tree, document: document, index: $0, showsSelection: true) }
    }

    /// One row of a document tree: indent, ▾/▸, the key or position, and the value or the child count.
    static func treeLine(_ tree: DocumentTree, document: Document, index: Int, showsSelection: Bool) -> [Span] {
        let row = tree.rows[index]
        let kind = document.kind(of: row.node)
        let marker = kind.isContainer ? (tree.isExpanded(index) ? "▾ " : "▸ ") : "  "
        let label =
            tree.isFilterRoot(index)
            ? NodePath.path(of: row.node, in: document)
            : document.key(of: row.node) ?? document.name(of: row.node) ?? (row.depth == 0 ? "$" : "[\(row.position)]")
        let value =
            kind.isContainer
            ? (kind == .array ? "[\(row.childCount)]" : "{\(row.childCount)}")
            : TerminalSafeText.escaping(CharacterWidth.truncated(document.value(of: row.node) ?? "", to: 200))
        let selected = showsSelection && index == tree.selection
        return [
            Span(String(repeating: "  ", count: row.depth) + marker, .muted),
            Span(TerminalSafeText.escaping(label), selected ? .selection : .accent),
            Span(": ", .muted), Span(value, selected ? .selection : .base),
        ]
    }

    private static func headers(_ state: AppState) -> [[Span]] {
        guard case .finished(let summary) = state.exchange else { return [[Span("No response yet.", .muted)]] }
        var lines: [[Span]] = [[Span("Response", .accent), Span("  \(summary.httpVersion) \(summary.status) \(summary.reason)")]]
        lines += summary.headers.map { [Span($0.name + ":", .accent), Span(" " + $0.value)] }
        if !summary.trailers.isEmpty {
            lines.append([Span("Trailers", .accent)])
            lines += summary.trailers.map { [Span($0.name + ":", .accent), Span(" " + $0.value)] }
        }
        if summary.redirectCount > 0 {
            lines.append([Span("(after \(summary.redirectCount) redirect(s); final URL \(summary.effectiveURL))", .muted)])
        }
        lines.append([])
        if let sent = summary.sent {
            lines.append([Span("Request as sent", .accent), Span("  " + sent.requestLine)])
            lines += sent.headers.map { [Span($0.name + ":", .accent), Span(" " + $0.value)] }
            if sent.bodyBytes > 0 { lines.append([Span("(body: \(ByteCountText.format(sent.bodyBytes)))", .muted)]) }
        }
        return lines
    }

    private static func errors(_ state: AppState) -> [[Span]] {
        switch state.exchange {
        case .failed(let chain, _):
            return chainLines(chain)
        case .finished(let summary):
            let chains = [summary.validation].compactMap { $0 }
            let checks = summary.checks.map(checkLines) ?? []
            guard !chains.isEmpty else {
                let violation = summary.checks?.results.lazy.flatMap(\.violations).first
                let hint = violation.map {
                    [[], [Span("Enter selects \($0.instancePointer.isEmpty ? "the root" : $0.instancePointer) in the Tree.", .muted)]]
                }
                return [[Span("No errors: the status is 2xx and the Content-Type matches Accept.", .success)]] + checks + (hint ?? [])
            }
            let lines = chains.flatMap(chainLines)
            let offset = chains.flatMap(\.links).flatMap(\.details).first { $0.name == "offset" }
            return lines + (offset.map { [[], [Span("Enter shows byte \($0.value) in Hex.", .muted)]] } ?? []) + checks
        case .idle, .sending:
            return [[Span("No errors.", .muted)]]
        }
    }

    /// The Expect tab's results: each assertion ✓/✗ with the actual value, the captures taken and
    /// those that found nothing, then what the request's scripts printed (their console).
    private static func checkLines(_ checks: CheckReport) -> [[Span]] {
        let failed = checks.failures.count + checks.captureProblems.count
        var lines: [[Span]] = [
            [], [Span("Checks", .accent), Span(failed == 0 ? "  all passed" : "  \(failed) failed", failed == 0 ? .success : .error)],
        ]
        for result in checks.results {
            // A schema check's problem is a line per violation: the first beside the check, the others below it.
            let problem = (result.problem ?? "").split(separator: "\n").map(String.init)
            lines.append(
                [Span(result.passed ? "✓ " : "✗ ", result.passed ? .success : .error), Span(result.assertion.text)]
                    + (result.passed ? [] : [Span(problem.first.map { "  (\($0))" } ?? "  (actual \(result.actual))", .muted)]))
            if !result.passed { lines += problem.dropFirst().map { [Span("    " + $0, .muted)] } }
        }
        lines += checks.captured.map {
            [Span("✓ ", .success), Span("captured {{\($0.name)}}"), Span($0.isSecret ? "  (secret)" : "  = " + $0.value, .muted)]
        }
        lines += checks.captureProblems.map { [Span("✗ ", .error), Span($0)] }
        if !checks.console.isEmpty {
            lines += [[], [Span("Console", .accent), Span("  what the scripts printed", .muted)]]
            for entry in checks.console {
                let role: Theme.Role = entry.level == "error" ? .error : entry.level == "warn" ? .accent : .base
                lines += entry.line.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0), role)] }
            }
        }
        return lines
    }

    /// One row per link, outermost first: stage and reason, then the message and the values indented below.
    private static func chainLines(_ chain: ErrorChain) -> [[Span]] {
        let stageWidth = (chain.links.map(\.stage.count).max() ?? 0) + 2
        var lines: [[Span]] = []
        for (index, link) in chain.links.enumerated() {
            lines.append([
                Span("\(index + 1) ", .muted), Span(link.stage.padding(toLength: stageWidth, withPad: " ", startingAt: 0), .error),
                Span(link.reason, .accent),
            ])
            lines.append([Span("  " + link.message)])
            lines += link.details.map { [Span("    \($0.name): ", .muted), Span($0.value)] }
        }
        return lines
    }

    private static func timeline(_ state: AppState, width: Int) -> [[Span]] {
        guard case .finished(let summary) = state.exchange else { return [[Span("No timeline yet.", .muted)]] }
        let timeline = summary.timeline
        let total = max(1, timeline.total)
        let labelWidth = 10, msWidth = 11
        let barWidth = max(1, width - labelWidth - msWidth - 2)
        var lines: [[Span]] = Timeline.Phase.allCases.map { phase in
            let start = Int(timeline.offset(of: phase) * Int64(barWidth) / total)
            let duration = timeline[phase]
            let length = duration > 0 ? max(1, Int(duration * Int64(barWidth) / total)) : 0
            let bar = String(repeating: " ", count: min(start, barWidth - length)) + String(repeating: "█", count: length)
            return [
                Span(phase.rawValue.padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent),
                Span("▕"), Span(bar.padding(toLength: barWidth, withPad: " ", startingAt: 0), .timelineBar), Span("▏"),
                Span(ByteCountText.milliseconds(duration).leftPadded(to: msWidth - 1)),
            ]
        }
        lines.append([
            Span("total".padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent),
            Span(String(repeating: " ", count: barWidth + 2)), Span(ByteCountText.milliseconds(timeline.total).leftPadded(to: msWidth - 1)),
        ])
        if timeline.redirect > 0 {
            lines.append([
                Span(
                    "(\(ByteCountText.milliseconds(timeline.redirect)) of it on \(summary.redirectCount) redirect hop(s); each phase sums all hops)",
                    .muted)
            ])
        }
        return lines + HopWaterfall.lines(timeline, width: width)
    }

    /// Splits a line into pieces of at most `width` columns.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0, CharacterWidth.of(line) > width else { return [line] }
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in line {
            let w = CharacterWidth.of(character)
            if used + w > width {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += w
        }
        pieces.append(current)
        return pieces
    }
}
