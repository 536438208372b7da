import FerryCore
import FerrySession
import Foundation

/// `ferry run`'s lines for people: one per request as it finishes (✓/✗, name, status, time; the
/// failed assertions under it), a progress line on a terminal, and the summary.
struct RunTextReporter: Sendable {
    var output: OutputStream
    var redaction: Redaction
    /// True when output is a terminal: a progress line is kept at the bottom.
    var showsProgress: Bool
    var total: Int

    /// The lines for one result, secrets redacted and terminal escapes made visible.
    static func lines(for result: RunResult, iterations: Bool) -> [String] {
        let name = result.item.path + (iterations ? " #\(result.iteration)" : "")
        var lines: [String] = []
        switch result.status {
        case .skipped:
            lines.append("- \(name)  skipped: \(result.skipReason ?? "")")
        case .error:
            lines.append("✗ \(name)  \(result.error.map(describe) ?? "failed")")
        case .failed where result.request == nil:
            lines.append("✗ \(name)  \(result.skipReason ?? "not sent")")
            lines += result.checks.failures.flatMap { indented($0.line) }
        case .passed, .failed:
            let mark = result.status == .passed ? "✓" : "✗"
            let method = result.request?.method.rawValue ?? ""
            let status = result.response.map { String($0.status) } ?? "—"
            let attempts = result.attempts > 1 ? "  (\(result.attempts) attempts)" : ""
            lines.append("\(mark) \(name)  \(method) \(status)  \(result.durationMilliseconds) ms\(attempts)")
            if let error = result.error { lines.append("    " + describe(error)) }
            lines += result.checks.failures.flatMap { indented($0.line) }
            lines += result.checks.captureProblems.map { "    ✗ " + $0 }
            lines += result.contractWarnings.flatMap { indented("! " + $0) }
        }
        return lines
    }

    /// A result's line under its request, the lines after its first (a schema's violations) further in.
    private static func indented(_ text: String) -> [String] {
        text.split(separator: "\n").enumerated().map { ($0.offset == 0 ? "    " : "      ") + $0.element }
    }

    /// An error in one line: its chain, and what the transport said of it (curl's detail) when it did.
    private static func describe(_ error: FerryError) -> String {
        let chain = ErrorChain(error)
        let detail = chain.links.last?.details.first { $0.name == "detail" }?.value
        return chain.line + (detail.map { " (\($0))" } ?? "")
    }

    func report(_ result: RunResult, done: Int, iterations: Bool) {
        var text = showsProgress ? "\r\u{1B}[K" : ""  // one text, one write
        for line in Self.lines(for: result, iterations: iterations) {
            text += TerminalSafeText.escaping(redaction.redact(line))
            text += "\n"
        }
        if showsProgress, done < total { text += "[\(done)/\(total)] running…" }
        output.write(text)
    }

    /// The summary line, and where the run's exchanges are found when the history `recorded` them.
    func finish(_ summary: RunSummary, recorded: Bool) {
        if showsProgress { output.write("\r\u{1B}[K") }
        output.line(summary.line)
        if recorded { output.line("run \(summary.id): ferry history search --run \(summary.id)") }
    }
}
