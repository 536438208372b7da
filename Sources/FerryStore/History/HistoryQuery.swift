import Foundation
import GRDB

/// What to look for in the history: full-text words plus filters; every part is optional.
public struct HistoryQuery: Sendable, Equatable {
    /// Words searched in URL, method, status, headers and text bodies (all must match, as prefixes).
    public var text: String?
    /// `4xx`, `error` (no response), or one status such as `404`.
    public var status: String?
    public var method: String?
    /// A host, matching itself and its subdomains.
    public var host: String?
    public var since: Date?
    public var until: Date?
    /// The id of a `ferry run`: its exchanges only.
    public var run: String?
    /// The collection's folder and a request file's path in it: the exchanges sent from that file.
    public var collection: String?
    public var requestPath: String?
    public var limit: Int

    public init(
        text: String? = nil, status: String? = nil, method: String? = nil, host: String? = nil,
        since: Date? = nil, until: Date? = nil, limit: Int = 50
    ) {
        self.text = text
        self.status = status
        self.method = method
        self.host = host
        self.since = since
        self.until = until
        self.limit = limit
    }

    /// The SQL conditions on the `exchange` table and their arguments (validated).
    func conditions() throws -> (sql: [String], arguments: [any DatabaseValueConvertible]) {
        var sql: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let status = status?.lowercased() {
            if status == "error" || status.count == 3 && status.hasSuffix("xx") && ("1"..."5").contains(status.prefix(1)) {
                sql.append("e.statusClass = ?")
                arguments.append(status)
            } else if let code = Int(status), (100...999).contains(code) {
                sql.append("e.status = ?")
                arguments.append(code)
            } else {
                throw HistoryError.invalidArgument(
                    name: "--status", problem: "expected a class (2xx … 5xx), a code (404) or `error`, not `\(status)`")
            }
        }
        if let method {
            sql.append("e.method = ?")
            arguments.append(method.uppercased())
        }
        if let host = host?.lowercased() {
            sql.append("(e.host = ? OR e.host LIKE ? ESCAPE '\\')")
            arguments.append(host)
            arguments.append(
                "%."
                    + host.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(
                        of: "_", with: "\\_"))
        }
        if let since {
            sql.append("e.time >= ?")
            arguments.append(since.timeIntervalSince1970)
        }
        if let until {
            sql.append("e.time <= ?")
            arguments.append(until.timeIntervalSince1970)
        }
        if let run {
            sql.append("e.run = ?")
            arguments.append(run)
        }
        if let collection {
            sql.append("e.collection = ?")
            arguments.append(collection)
        }
        if let requestPath {
            sql.append("e.requestPath = ?")
            arguments.append(requestPath)
        }
        return (sql, arguments)
    }

    /// Parses `--since`/`--until`: an ISO 8601 date or date-time, or an age such as `30m`, `1h`, `2d`, `1w`.
    public static func parseTime(_ text: String, name: String, now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        if let unit = trimmed.last.flatMap({ units[$0] }), let amount = Double(trimmed.dropLast()), amount >= 0, amount.isFinite {
            return now.addingTimeInterval(-amount * unit)
        }
        let full = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = full.date(from: trimmed) ?? fractional.date(from: trimmed) ?? day.date(from: trimmed) { return date }
        throw HistoryError.invalidArgument(
            name: name, problem: "expected an ISO 8601 time (2026-11-23T18:00:00Z or 2026-11-23) or an age (30m, 1h, 2d, 1w), not `\(text)`"
        )
    }
}
