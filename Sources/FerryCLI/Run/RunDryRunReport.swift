import FerryCore
import FerrySession
import Foundation

/// `ferry run --dry-run`'s output: each request as `ferry send --dry-run` prints it (with
/// `--reporter json`, one JSON line each), then the summary: how many resolve, and each one that
/// does not with its cause and the value it misses.
struct RunDryRunReport: Sendable {
    var output: OutputStream
    /// The environment's and `--var`s' secrets; each request adds its own.
    var redaction: Redaction
    /// JSON Lines instead of text.
    var json: Bool

    /// One request's JSON line: its path and name, whether it resolves, and the request (as
    /// `ferry send --json` reports it) or why not. Fields are only ever added.
    struct Line: Encodable {
        var path: String
        var name: String
        var iteration: Int
        /// `resolves`, `unresolved`, or `skipped` (its `skip:`, or a pre-request script, said so).
        var status: String
        var request: ExchangeReport.RequestPart?
        var cause: String?
        var unreachable: Unreachable?
    }

    struct Unreachable: Encodable {
        var kind: String
        var name: String
        var source: String?
    }

    /// The last JSON line.
    struct Summary: Encodable {
        var requests: Int
        var resolve: Int
        var unresolved: Int
        var skipped: Int
        var unread: Int
    }

    /// How a result reads in a dry run.
    private enum Verdict {
        case resolves(Request), unresolved(String), skipped(String)
    }

    private static func verdict(of result: RunResult) -> Verdict {
        if let unreachable = result.unreachable { return .unresolved(unreachable.cause) }
        switch result.status {
        case .passed, .failed: return result.request.map(Verdict.resolves) ?? .unresolved(result.skipReason ?? "not resolved")
        case .skipped: return .skipped(result.skipReason ?? "skipped")
        case .error: return .unresolved(result.error.map(cause) ?? "not resolved")
        }
    }

    /// An error in one line, each link with its values: `a file part does not exist (path: …): …`.
    private static func cause(_ error: FerryError) -> String {
        ErrorChain(error).links.map { link in
            link.message + (link.details.isEmpty ? "" : " (" + link.details.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")")
        }.joined(separator: ": ")
    }

    func report(_ result: RunResult) {
        var redaction = redaction
        redaction.add(result.redaction.rules)
        let verdict = Self.verdict(of: result)
        if json {
            var line = Line(path: result.item.path, name: result.item.title, iteration: result.iteration, status: "resolves")
            switch verdict {
            case .resolves(let request):
                line.request = ExchangeReport.RequestPart(request: request, sent: nil)
                line.request?.localFiles = result.files.isEmpty ? nil : result.files
            case .unresolved(let cause):
                (line.status, line.cause) = ("unresolved", cause)
                line.unreachable = result.unreachable.map { Unreachable(kind: $0.kind.rawValue, name: $0.name, source: $0.source) }
            case .skipped(let reason):
                (line.status, line.cause) = ("skipped", reason)
            }
            return output.line(redaction.redact(Self.compact(line)))
        }
        switch verdict {
        case .resolves(let request):
            output.line(TerminalSafeText.escaping("── " + result.item.path))
            ResponsePrinter(stdout: output, redaction: redaction).printPlanned(request, files: result.files)
        case .unresolved(let cause):
            output.line(TerminalSafeText.escaping(redaction.redact("✗ \(result.item.path): \(cause)")) + "\n")
        case .skipped(let reason):
            output.line(TerminalSafeText.escaping(redaction.redact("- \(result.item.path): skipped: \(reason)")) + "\n")
        }
    }

    /// Prints the summary; the exit status: 0 when every request resolves, 5 when some do not, 1
    /// when request files could not be read.
    func finish(_ summary: RunSummary) -> ExitStatus {
        var counts = Summary(requests: summary.results.count, resolve: 0, unresolved: 0, skipped: 0, unread: summary.unread.count)
        var unresolved: [String] = []
        for result in summary.results {
            switch Self.verdict(of: result) {
            case .resolves: counts.resolve += 1
            case .skipped: counts.skipped += 1
            case .unresolved(let cause):
                counts.unresolved += 1
                unresolved.append("✗ \(result.item.path): \(cause)")
            }
        }
        if json {
            struct Last: Encodable { var summary: Summary }
            output.line(Self.compact(Last(summary: counts)))
        } else {
            var text = "\(counts.resolve) of \(counts.requests) " + (counts.requests == 1 ? "request resolves" : "requests resolve")
            if counts.unresolved > 0 { text += ", \(counts.unresolved) " + (counts.unresolved == 1 ? "does not" : "do not") }
            if counts.skipped > 0 { text += ", \(counts.skipped) skipped" }
            if counts.unread > 0 { text += ", \(counts.unread) file\(counts.unread == 1 ? "" : "s") not read" }
            output.line(text + "; nothing was sent")
            for line in unresolved { output.line(TerminalSafeText.escaping(summary.redaction.redact(line))) }
        }
        if summary.cancelled { return .cancelled }
        if counts.unread > 0 { return .usage }
        return counts.unresolved > 0 ? .unresolved : .success
    }

    /// One line of JSON, keys sorted.
    private static func compact(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
