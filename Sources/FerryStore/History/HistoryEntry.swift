import FerryCore
import Foundation
import GRDB

/// One recorded exchange: a row of the `exchange` table.
///
/// The request is stored as composed (after variables, secrets replaced by `{{name}}`) so it can
/// be replayed, together with the head curl actually sent. Bodies are capped; the response keeps
/// its full size and fingerprint (XXH3-128; SHA-256 in rows written before 2026-11-27).
/// Rows are written by `HistoryStore` from `databaseValues` and read back through `Codable`.
public struct HistoryEntry: Codable, Sendable, Equatable, FetchableRecord, TableRecord {
    public static let databaseTableName = "exchange"
    /// Times are stored as seconds since 1970, so time filters compare numbers.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }

    public var id: Int64?
    public var time: Date
    public var method: String
    public var url: String
    public var host: String
    /// The final status; nil when no response arrived.
    public var status: Int?
    /// `1xx` … `5xx`, or `error` when no response arrived.
    public var statusClass: String
    public var durationMs: Double

    // MARK: Request
    /// The headers as composed (what a replay sends).
    public var requestHeaders: [HTTPHeader]
    public var requestBody: Data?
    public var requestBodySize: Int64?
    public var requestBodyTruncated: Bool
    public var options: RequestOptions
    /// The request line and headers as they went on the wire, when the request reached it.
    public var requestLine: String?
    public var sentHeaders: [HTTPHeader]?

    // MARK: Response
    public var reason: String?
    public var httpVersion: String?
    public var responseHeaders: [HTTPHeader]
    /// The fields after the body (a gRPC call's status and trailing metadata); nil when there were
    /// none (and in rows written before 2026-11-28's v6).
    public var responseTrailers: [HTTPHeader]?
    /// The first `bodyLimit` bytes of the body.
    public var responseBody: Data?
    /// The size of the whole body as received.
    public var responseBodySize: Int64
    /// Lower-case hex hash of the whole body as received, by `responseBodyHashAlgorithm`.
    public var responseBodyHash: String?
    /// The function `responseBodyHash` was made by (rows written before it was recorded are SHA-256).
    public var responseBodyHashAlgorithm: BodyFingerprint.Algorithm?
    public var responseBodyTruncated: Bool
    public var contentType: String?
    public var effectiveURL: String?
    public var remoteAddress: String?
    public var timeline: Timeline?
    public var redirects: [RedirectHop]
    public var errorChain: [ErrorLink]?
    /// True when a secret value was replaced by `{{name}}` somewhere in the entry.
    public var redacted: Bool

    // MARK: Origin
    /// The collection, the request's path in it, and the environment, when the exchange came from one.
    public var collection: String?
    public var requestPath: String?
    public var environment: String?
    /// The id of the `ferry run` it belonged to.
    public var run: String?
    /// Its checks' results (`expect:` and the contract); nil when it had none (and in rows written before 2026-11-28).
    public var checks: [RecordedCheck]?

    /// Bytes this entry takes, roughly (bodies and heads), for the size limit of retention.
    public var storedBytes: Int64

    /// The whole response body's hash with the function that made it; nil when none was recorded.
    public var responseBodyFingerprint: BodyFingerprint? {
        guard let responseBodyHash, let responseBodyHashAlgorithm else { return nil }
        return BodyFingerprint(algorithm: responseBodyHashAlgorithm, hex: responseBodyHash)
    }
}

/// The columns a listing needs: no bodies, no heads.
public struct HistorySummary: Codable, Sendable, Equatable, FetchableRecord {
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }
    static let columns = ["id", "time", "method", "url", "host", "status", "statusClass", "durationMs", "responseBodySize"]

    public var id: Int64
    public var time: Date
    public var method: String
    public var url: String
    public var host: String
    public var status: Int?
    public var statusClass: String
    public var durationMs: Double
    public var responseBodySize: Int64
}
