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
    /// per nested column were most of the cost of recording a run. Concrete values, bound as they
    /// are (`HistoryStore.execute`).
    func databaseValues(json: HistoryJSONColumns) throws -> [DatabaseValue] {
        [
            id.databaseValue,
            time.timeIntervalSince1970.databaseValue,
            method.databaseValue,
            url.databaseValue,
            host.databaseValue,
            status.databaseValue,
            statusClass.databaseValue,
            durationMs.databaseValue,
            json.text(requestHeaders).databaseValue,
            requestBody.databaseValue,
            requestBodySize.databaseValue,
            requestBodyTruncated.databaseValue,
            try json.text(options).databaseValue,
            requestLine.databaseValue,
            json.text(sentHeaders).databaseValue,
            reason.databaseValue,
            httpVersion.databaseValue,
            json.text(responseHeaders).databaseValue,
            responseBody.databaseValue,
            responseBodySize.databaseValue,
            responseBodyHash.databaseValue,
            (responseBodyHashAlgorithm?.rawValue).databaseValue,
            responseBodyTruncated.databaseValue,
            contentType.databaseValue,
            effectiveURL.databaseValue,
            remoteAddress.databaseValue,
            json.text(timeline).databaseValue,
            try json.text(redirects).databaseValue,
            try json.text(errorChain).databaseValue,
            redacted.databaseValue,
            collection.databaseValue,
            requestPath.databaseValue,
            environment.databaseValue,
            run.databaseValue,
            storedBytes.databaseValue,
            try json.text(checks).databaseValue,
            json.text(responseTrailers).databaseValue,
        ]
    }
}
