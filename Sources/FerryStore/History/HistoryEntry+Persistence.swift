import FerryCore
import Foundation
import GRDB

extension HistoryEntry {
    /// The row, column by column, as GRDB's `Codable` encoding writes it — scalars as themselves,
    /// the time as seconds since 1970, nested values as JSON text with sorted keys — without its
    /// generic path (a dynamic cast and a thrown error per nested column, a JSON encoder each):
    /// that was most of the cost of recording a run's thousand exchanges.
    public func encode(to container: inout PersistenceContainer) throws {
        let json = JSONEncoder()
        json.dataEncodingStrategy = .base64
        json.dateEncodingStrategy = .millisecondsSince1970
        json.nonConformingFloatEncodingStrategy = .throw
        json.outputFormatting = .sortedKeys
        func text<Value: Encodable>(_ value: Value?) throws -> String? {
            try value.map { String(decoding: try json.encode($0), as: UTF8.self) }
        }
        func put(_ column: String, _ value: (any DatabaseValueConvertible)?) { container[column] = value }
        put("id", id)
        put("time", time.timeIntervalSince1970)
        put("method", method)
        put("url", url)
        put("host", host)
        put("status", status)
        put("statusClass", statusClass)
        put("durationMs", durationMs)
        put("requestHeaders", try text(requestHeaders))
        put("requestBody", requestBody)
        put("requestBodySize", requestBodySize)
        put("requestBodyTruncated", requestBodyTruncated)
        put("options", try text(options))
        put("requestLine", requestLine)
        put("sentHeaders", try text(sentHeaders))
        put("reason", reason)
        put("httpVersion", httpVersion)
        put("responseHeaders", try text(responseHeaders))
        put("responseBody", responseBody)
        put("responseBodySize", responseBodySize)
        put("responseBodySHA256", responseBodySHA256)
        put("responseBodyTruncated", responseBodyTruncated)
        put("contentType", contentType)
        put("effectiveURL", effectiveURL)
        put("remoteAddress", remoteAddress)
        put("timeline", try text(timeline))
        put("redirects", try text(redirects))
        put("errorChain", try text(errorChain))
        put("redacted", redacted)
        put("collection", collection)
        put("requestPath", requestPath)
        put("environment", environment)
        put("run", run)
        put("storedBytes", storedBytes)
    }
}
