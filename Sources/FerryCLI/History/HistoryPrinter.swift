import FerryCore
import FerryStore
import Foundation

/// Human and JSON output of `ferry history`; everything recorded is escaped before it reaches a terminal.
struct HistoryPrinter {
    var stdout = OutputStream.standardOutput
    var stderr = OutputStream.standardError

    func printJSON(_ value: some Encodable) throws {
        stdout.write(try ExchangeReport.encode(value))
        stdout.write("\n")
    }

    /// A table, newest first: id, time, method, status, duration, size, URL.
    func printSummaries(_ summaries: [HistorySummary], json: Bool) throws {
        if json { return try printJSON(summaries.map(HistoryReport.Item.init)) }
        guard !summaries.isEmpty else { return stderr.line("ferry: no history entries match") }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var lines = ["\("ID".leftPadded(to: 6))  TIME                 METHOD  STATUS  DURATION      SIZE  URL"]
        for summary in summaries {
            let status = summary.status.map(String.init) ?? "error"
            lines.append(
                "\(String(summary.id).leftPadded(to: 6))  \(formatter.string(from: summary.time))  "
                    + "\(summary.method.padding(toLength: 6, withPad: " ", startingAt: 0))  \(status.padding(toLength: 6, withPad: " ", startingAt: 0))  "
                    + "\(Self.duration(summary.durationMs).leftPadded(to: 8))  \(Self.size(summary.responseBodySize).leftPadded(to: 8))  \(summary.url)"
            )
        }
        stdout.line(TerminalSafeText.escaping(lines.joined(separator: "\n")))
    }

    /// The whole entry: request head and body, response head and body, timeline, errors.
    func printEntry(_ entry: HistoryEntry) {
        var lines = [
            "#\(entry.id.map(String.init) ?? "?") \(HistoryReport.timestamp(entry.time))"
                + (entry.collection.map { " · \($0)" } ?? "") + (entry.requestPath.map { " / \($0)" } ?? "")
                + (entry.environment.map { " · env \($0)" } ?? "") + (entry.redacted ? " · secrets redacted" : "")
        ]
        lines.append("")
        lines.append(entry.requestLine.map { "> \($0)  (\(entry.url))" } ?? "> \(entry.method) \(entry.url)")
        lines += (entry.sentHeaders ?? entry.requestHeaders).map { "> \($0.name): \($0.value)" }
        if let body = entry.requestBody {
            lines += ["", Self.body(body, size: entry.requestBodySize ?? Int64(body.count), truncated: entry.requestBodyTruncated)]
        }
        if let status = entry.status {
            lines.append("")
            lines.append("< \(entry.httpVersion ?? "") \(status) \(entry.reason ?? "")".trimmingCharacters(in: .whitespaces))
            lines += entry.responseHeaders.map { "< \($0.name): \($0.value)" }
            lines.append("")
            lines.append(Self.body(entry.responseBody ?? Data(), size: entry.responseBodySize, truncated: entry.responseBodyTruncated))
            lines.append("(\(entry.responseBodySize) bytes, \(entry.responseBodyFingerprint?.description ?? "no fingerprint"))")
            if let trailers = entry.responseTrailers { lines += [""] + trailers.map { "< \($0.name): \($0.value)" } }
        }
        for hop in entry.redirects { lines.append("↪ " + hop.summary) }
        if let timeline = entry.timeline { lines += [""] + TimelineWaterfall.render(timeline) }
        if let chain = entry.errorChain { lines += ["", "error:", ErrorChain(links: chain).rendered] }
        if let checks = entry.checks { lines += ["", "checks:"] + checks.map(\.line) }
        stdout.line(TerminalSafeText.escaping(lines.joined(separator: "\n")))
    }

    func printDiff(_ diff: ExchangeDiff) {
        stdout.line(TerminalSafeText.escaping(diff.lines.joined(separator: "\n")))
    }

    /// A stored body as text, or a line describing binary bytes.
    private static func body(_ bytes: Data, size: Int64, truncated: Bool) -> String {
        guard TerminalSafeText.looksLikeText(Array(bytes), isPrefix: truncated) else { return "[\(size) bytes of binary data]" }
        let text = String(decoding: bytes, as: UTF8.self)
        return truncated ? text + "\n[… capped at \(bytes.count) of \(size) bytes when recorded]" : text
    }

    static func duration(_ milliseconds: Double) -> String {
        milliseconds < 1000 ? String(format: "%.1f ms", milliseconds) : String(format: "%.2f s", milliseconds / 1000)
    }

    static func size(_ bytes: Int64) -> String {
        bytes < 1024
            ? "\(bytes) B"
            : bytes < 1 << 20 ? String(format: "%.1f KiB", Double(bytes) / 1024) : String(format: "%.1f MiB", Double(bytes) / 1048576)
    }
}
