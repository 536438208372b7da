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
            Self.value(id),
            time.timeIntervalSince1970.databaseValue,
            method.databaseValue,
            url.databaseValue,
            host.databaseValue,
            Self.value(status),
            statusClass.databaseValue,
            durationMs.databaseValue,
            Self.value(json.text(requestHeaders)),
            Self.value(requestBody),
            Self.value(requestBodySize),
            requestBodyTruncated.databaseValue,
            try json.text(options).databaseValue,
            Self.value(requestLine),
            Self.value(json.text(sentHeaders)),
            Self.value(reason),
            Self.value(httpVersion),
            Self.value(json.text(responseHeaders)),
            Self.value(responseBody),
            responseBodySize.databaseValue,
            Self.value(responseBodyHash),
            Self.value(responseBodyHashAlgorithm?.rawValue),
            responseBodyTruncated.databaseValue,
            Self.value(contentType),
            Self.value(effectiveURL),
            Self.value(remoteAddress),
            Self.value(json.text(timeline)),
            try json.text(redirects).databaseValue,
            try Self.value(json.text(errorChain)),
            redacted.databaseValue,
            Self.value(collection),
            Self.value(requestPath),
            Self.value(environment),
            Self.value(run),
            storedBytes.databaseValue,
            try Self.value(json.text(checks)),
            Self.value(json.text(responseTrailers)),
        ]
    }

    /// An optional column's value, through the wrapped type's own conversion (GRDB's conformance of
    /// `Optional` is generic across modules: a look-up of the conformance a column).
    private static func value<Wrapped: DatabaseValueConvertible>(_ value: Wrapped?) -> DatabaseValue {
        value?.databaseValue ?? .null
    }
}
