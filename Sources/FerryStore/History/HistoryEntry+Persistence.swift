import FerryCore
import Foundation
import GRDB

extension HistoryEntry {
    /// The row, column by column, as GRDB's `Codable` encoding writes it — scalars as themselves,
    /// the time as seconds since 1970, nested values as JSON text with sorted keys — without its
    /// generic path (a dynamic cast and a thrown error per nested column, a JSON encoder each).
    public func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in zip(Self.columnNames, try databaseValues(json: HistoryJSONColumns())) { container[column] = value }
    }

    /// The table's columns, in the order of `databaseValues`.
    static let columnNames = [
        "id", "time", "method", "url", "host", "status",
        "statusClass", "durationMs", "requestHeaders", "requestBody", "requestBodySize", "requestBodyTruncated",
        "options", "requestLine", "sentHeaders", "reason", "httpVersion", "responseHeaders",
        "responseBody", "responseBodySize", "responseBodySHA256", "responseBodyTruncated", "contentType", "effectiveURL",
        "remoteAddress", "timeline", "redirects", "errorChain", "redacted", "collection",
        "requestPath", "environment", "run", "storedBytes",
    ]

    /// The row's values in the order of `columnNames`, nested values written by `json`.
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
            responseBodySHA256,
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
        ]
    }
}
