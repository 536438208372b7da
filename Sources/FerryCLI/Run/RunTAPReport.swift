import FerryCore
import FerrySession

/// `ferry run --reporter tap`: TAP version 13, a test point per request, failures in a YAML block.
enum RunTAPReport {
    static func text(_ summary: RunSummary, iterations: Bool) -> String {
        var lines = ["TAP version 13", "1..\(summary.results.count + summary.unread.count)"]
        for (index, result) in summary.results.enumerated() {
            let name = result.item.path + (iterations ? " #\(result.iteration)" : "")
            let description = name.replacingOccurrences(of: "#", with: "\\#")
            switch result.status {
            case .passed: lines.append("ok \(index + 1) - \(description)")
            case .skipped: lines.append("ok \(index + 1) - \(description) # SKIP \(oneLine(result.skipReason ?? ""))")
            case .failed, .error:
                lines.append("not ok \(index + 1) - \(description)")
                lines.append("  ---")
                if let error = result.error { lines.append("  message: \(quoted(error.link.message))") }
                if let response = result.response { lines.append("  status: \(response.status)") }
                let failures = result.checks.failures
                if !failures.isEmpty || !result.checks.captureProblems.isEmpty {
                    lines.append("  failures:")
                    lines += failures.map { "    - \(quoted($0.failureMessage))" }
                    lines += result.checks.captureProblems.map { "    - \(quoted($0))" }
                }
                lines.append("  ...")
            }
        }
        for (index, problem) in summary.unread.enumerated() {
            lines.append("not ok \(summary.results.count + index + 1) - \(problem.file.replacingOccurrences(of: "#", with: "\\#"))")
            lines += ["  ---", "  message: \(quoted(problem.description))", "  ..."]
        }
        return summary.redaction.redact(lines.joined(separator: "\n")) + "\n"
    }

    private static func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }

    /// A YAML double-quoted scalar (a JSON string literal is one).
    private static func quoted(_ text: String) -> String { JSONStringLiteral.make(text) }
}
