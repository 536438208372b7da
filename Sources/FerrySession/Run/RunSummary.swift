import FerryCore
import FerryStore

/// A finished run: every result in run order, and the redaction of every secret it met
/// (environment secrets, auth, secret captures), which every report applies.
public struct RunSummary: Sendable {
    public var id: String
    public var results: [RunResult]
    public var redaction: Redaction
    /// True when Ctrl-C stopped the run.
    public var cancelled = false
    /// Request files of the run that could not be read: each named with its place, none sent.
    public var unread: [ConfigProblem] = []

    public init(id: String, results: [RunResult], redaction: Redaction) {
        self.id = id
        self.results = results
        self.redaction = redaction
    }

    /// By index: each result is looked at in place, not copied.
    public func count(_ status: RunResult.Status) -> Int { results.indices.count { results[$0].status == status } }

    /// `3 passed, 1 failed, 1 skipped` (errors counted as failed, and named).
    public var line: String {
        var parts = ["\(count(.passed)) passed", "\(count(.failed) + count(.error)) failed"]
        if count(.error) > 0 { parts[1] += " (\(count(.error)) transport)" }
        if count(.skipped) > 0 { parts.append("\(count(.skipped)) skipped") }
        if !unread.isEmpty { parts.append("\(unread.count) file\(unread.count == 1 ? "" : "s") not read") }
        return parts.joined(separator: ", ")
    }
}
