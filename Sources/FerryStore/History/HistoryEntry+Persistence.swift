import FerryCore
import Foundation
import GRDB

extension HistoryEntry {
    /// The table's columns, in the order of `databaseValues`.
    static let columnNames = [
        "id", "time", "method", "url", "host", "status",
        "statusClass", "durationMs", "requestHeaders", "requestBody", "requestBodySize", "requestBodyTruncated",
        "options", "requestLine", "sentHeaders", "reason", "httpVersion", "responseHeaders",
        "responseBody", "responseBodySize", "responseBodyHash", "responseBodyHashAlgorithm", "responseBodyTruncated", "contentType",
        "effectiveURL", "remoteAddress", "timeline", "redirects", "errorChain", "redacted", "collection",
        "requestPath", "environment", "run", "storedBytes", "checks", "responseTrailers",
    ]

    /// The row's values in the order of `columnNames`, as GRDB's `Codable` encoding wrote them —
    /// scalars as themselves, the time as seconds since 1970, nested values as JSON text with sorted
    /// keys (by `json`) — without its generic path: a dynamic cast, a thrown error and a JSON encoder
    /// per nested column were most of the cost of recording a run.
    func databaseValues(json: HistoryJSONColumns) throws -> [(any DatabaseValueConvertible)?] {
        [
            id,
            time.timeIntervalSince1970,
            method,
            url,
            host,
            status,
            statusClass,
            durationMs,
            try json.text(requestHeaders, column: "requestHeaders"),
            requestBody,
            requestBodySize,
            requestBodyTruncated,
            try json.text(options, column: "options"),
            requestLine,
            try json.text(sentHeaders, column: "sentHeaders"),
            reason,
            httpVersion,
            try json.text(responseHeaders, column: "responseHeaders"),
            responseBody,
            responseBodySize,
            responseBodyHash,
            responseBodyHashAlgorithm?.rawValue,
            responseBodyTruncated,
            contentType,
            effectiveURL,
            remoteAddress,
            try json.text(timeline, column: "timeline"),
            try json.text(redirects, column: "redirects"),
            try json.text(errorChain, column: "errorChain"),
            redacted,
            collection,
            requestPath,
            environment,
            run,
            storedBytes,
            try json.text(checks, column: "checks"),
            try json.text(responseTrailers, column: "responseTrailers"),
        ]
    }
}
