import FerryCore
import FerryStore
import Foundation

/// The JSON documents of `ferry history`: list rows, whole entries, prune results.
enum HistoryReport {
    /// One row of `list` and `search`.
    struct Item: Codable, Sendable {
        var id: Int64
        var time: String
        var method: String
        var url: String
        var host: String
        /// Nil when no response arrived (`statusClass` is then `error`).
        var status: Int?
        var statusClass: String
        var durationMs: Double
        var bodySize: Int64
    }

    /// One whole entry: the `ferry send --json` document plus what the history adds.
    struct Entry: Codable, Sendable {
        var id: Int64?
        var time: String
        var collection: String?
        var requestPath: String?
        var environment: String?
        /// True when secret values were replaced by `{{name}}` before storing.
        var redacted: Bool
        /// The whole response body's hash (hex) and the function that made it: `xxh3-128`, or
        /// `sha256` for rows recorded before 2026-11-27.
        var bodyHash: String?
        var bodyHashAlgorithm: String?
        /// The request body as recorded (text or base64), capped like the response body.
        var requestBody: ExchangeReport.BodyPart?
        var exchange: ExchangeReport
    }

    struct Pruned: Codable, Sendable {
        var deleted: Int
        var remaining: Int
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.string(from: date)
    }

    /// The exit code `ferry send` gave, from the stage of the outermost error.
    static func exitCode(of chain: [ErrorLink]?) -> ExitStatus {
        switch chain?.first?.stage {
        case nil: .success
        case "request": .usage
        case "transport": .transport
        case "file": .localFile
        case "cancelled": .cancelled
        default: .rejected
        }
    }
}

extension HistoryReport.Item {
    init(_ summary: HistorySummary) {
        self.init(
            id: summary.id, time: HistoryReport.timestamp(summary.time), method: summary.method, url: summary.url,
            host: summary.host, status: summary.status, statusClass: summary.statusClass,
            durationMs: summary.durationMs, bodySize: summary.responseBodySize)
    }
}

extension HistoryReport.Entry {
    init(_ entry: HistoryEntry) {
        let error = entry.errorChain.flatMap {
            $0.first.map { ExchangeReport.ErrorPart(message: $0.message, chain: entry.errorChain ?? []) }
        }
        let request = ExchangeReport.RequestPart(
            method: entry.method, url: entry.url, requestLine: entry.requestLine,
            headers: (entry.sentHeaders ?? entry.requestHeaders).map { ExchangeReport.Field(name: $0.name, value: $0.value) },
            bodySize: entry.requestBodySize)
        let response = entry.status.map { status in
            ExchangeReport.ResponsePart(
                status: status, reason: entry.reason ?? "", httpVersion: entry.httpVersion ?? "",
                headers: entry.responseHeaders.map { ExchangeReport.Field(name: $0.name, value: $0.value) },
                effectiveURL: entry.effectiveURL ?? entry.url, remoteAddress: entry.remoteAddress,
                body: ExchangeReport.BodyPart(recorded: entry.responseBody ?? Data(), size: entry.responseBodySize),
                trailers: entry.responseTrailers.map { $0.map { ExchangeReport.Field(name: $0.name, value: $0.value) } })
        }
        var exchange = ExchangeReport(
            request: request, response: response, timeline: entry.timeline.map(ExchangeReport.TimelinePart.init),
            redirects: entry.redirects, error: error, exitCode: HistoryReport.exitCode(of: entry.errorChain).rawValue)
        exchange.assertions = entry.checks?.map {
            ExchangeReport.AssertionPart(assertion: $0.check, passed: $0.passed, actual: "", problem: $0.problem)
        }
        self.init(
            id: entry.id, time: HistoryReport.timestamp(entry.time), collection: entry.collection, requestPath: entry.requestPath,
            environment: entry.environment, redacted: entry.redacted, bodyHash: entry.responseBodyHash,
            bodyHashAlgorithm: entry.responseBodyFingerprint?.algorithm.rawValue,
            requestBody: entry.requestBody.map { ExchangeReport.BodyPart(recorded: $0, size: entry.requestBodySize ?? Int64($0.count)) },
            exchange: exchange)
    }
}

extension ExchangeReport.BodyPart {
    /// A recorded body: the stored bytes of a body of `size` bytes.
    init(recorded bytes: Data, size: Int64) {
        let body = ResponseBody(storage: .memory(bytes), count: size)
        // In memory, reading the prefix cannot fail.
        self =
            (try? ExchangeReport.BodyPart(body: body, limit: bytes.count))
            ?? ExchangeReport.BodyPart(
                size: size, encoding: "base64", base64: bytes.base64EncodedString(), truncated: size > Int64(bytes.count),
                limit: bytes.count)
    }
}
