import FerryCore
import FerrySession
import Foundation

/// `ferry run --reporter junit`: JUnit XML as CI servers read it: a testsuite per folder, a
/// testcase per request (classname the folder), failures with expected and actual, errors for
/// transport failures, skipped requests with their reason, times in seconds.
enum RunJUnitReport {
    static func text(_ summary: RunSummary, iterations: Bool) -> String {
        var folders: [(name: String, results: [RunResult])] = []
        for result in summary.results {
            let name = result.item.folder.isEmpty ? "(root)" : result.item.folder
            if let index = folders.firstIndex(where: { $0.name == name }) {
                folders[index].results.append(result)
            } else {
                folders.append((name, [result]))
            }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"ferry run\" \(counts(summary.results))>\n"
        for (name, results) in folders {
            xml += "  <testsuite name=\(attribute(name)) \(counts(results))>\n"
            for result in results {
                let title = result.item.title + (iterations ? " #\(result.iteration)" : "")
                xml +=
                    "    <testcase name=\(attribute(title)) classname=\(attribute(name)) file=\(attribute(result.item.path)) time=\"\(seconds(result))\""
                var body = caseBody(result)
                if !result.checks.console.isEmpty {
                    body += "      <system-out>\(text(result.checks.console.map(\.line).joined(separator: "\n")))</system-out>\n"
                }
                xml += body.isEmpty ? "/>\n" : ">\n\(body)    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        if !summary.unread.isEmpty {
            xml +=
                "  <testsuite name=\"(files not read)\" tests=\"\(summary.unread.count)\" failures=\"0\" errors=\"\(summary.unread.count)\" skipped=\"0\" time=\"0.000\">\n"
            for problem in summary.unread {
                xml +=
                    "    <testcase name=\(attribute(problem.file)) classname=\"(files not read)\" file=\(attribute(problem.file)) time=\"0.000\">\n"
                xml +=
                    "      <error message=\(attribute(problem.description)) type=\"file\">\(text(problem.description))</error>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return summary.redaction.redact(xml)
    }

    private static func caseBody(_ result: RunResult) -> String {
        switch result.status {
        case .passed: return ""
        case .skipped: return "      <skipped message=\(attribute(result.skipReason ?? ""))/>\n"
        case .error:
            let message = result.error?.link.message ?? "failed"
            let chain = result.error.map { ErrorChain($0).links.map(\.message).joined(separator: "\n") } ?? message
            return "      <error message=\(attribute(message)) type=\"transport\">\(text(chain))</error>\n"
        case .failed:
            var lines: [String] = []
            if let error = result.error { lines += ErrorChain(error).links.map(\.message) }
            lines += result.checks.failures.map(\.failureMessage)
            lines += result.checks.captureProblems
            let message = lines.first ?? "failed"
            return "      <failure message=\(attribute(message)) type=\"assertion\">\(text(lines.joined(separator: "\n")))</failure>\n"
        }
    }

    private static func counts(_ results: [RunResult]) -> String {
        let time = results.reduce(0) { $0 + $1.durationMilliseconds }
        return
            "tests=\"\(results.count)\" failures=\"\(results.count { $0.status == .failed })\" errors=\"\(results.count { $0.status == .error })\" "
            + "skipped=\"\(results.count { $0.status == .skipped })\" time=\"\(String(format: "%.3f", Double(time) / 1000))\""
    }

    private static func seconds(_ result: RunResult) -> String { String(format: "%.3f", Double(result.durationMilliseconds) / 1000) }

    /// A quoted attribute value.
    private static func attribute(_ value: String) -> String { "\"" + text(value).replacingOccurrences(of: "\"", with: "&quot;") + "\"" }

    /// Text escaped for XML 1.0: markup characters as entities, characters XML cannot hold as `\u{…}`.
    private static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
