import FerryCore
import Foundation

/// What the response views show, prepared off the UI thread from a `Response`.
public struct ResponseSummary: Hashable, Sendable {
    public var status: Int
    public var reason: String
    public var httpVersion: String
    public var size: Int64
    public var remoteAddress: String?
    public var effectiveURL: String
    public var headers: HTTPHeaders
    /// The fields after the body (a gRPC call's status and trailing metadata).
    public var trailers: HTTPHeaders = [:]
    public var sent: SentRequest?
    public var timeline: Timeline
    public var redirectCount: Int
    /// The body's text lines (terminal-safe, tabs expanded), or a description when it is not text:
    /// made when first needed, off the UI thread for a response (`RawText`).
    public var raw: RawText
    /// The Raw tab's lines (`raw`'s).
    public var bodyLines: [String] {
        get { raw.lines }
        set { raw = RawText(lines: newValue) }
    }
    /// True when `bodyLines` hold only the first `previewLimit` bytes.
    public var bodyTruncated: Bool
    /// What validation found (status class, and content type against the request's `Accept`).
    public var validation: ErrorChain?
    /// The parsed body for the Tree tab.
    public var tree: DocumentTree
    /// The body's bytes, paged for the Hex tab; nil when the body cannot be read.
    public var bytes: BodyBytes?
    /// The request's `expect:` results and `capture:` values, for the Errors tab and the session's variables.
    public var checks: CheckReport?
    /// The user stopped the stream (Esc): the body is what arrived until then.
    public var stoppedByUser = false
    /// When the history recorded this response, for one shown from the history rather than received now.
    public var recorded: Date?

    /// The most body bytes the Raw tab shows.
    public static let previewLimit = 1 << 20

    public init(
        status: Int, reason: String, httpVersion: String, size: Int64, remoteAddress: String?, effectiveURL: String,
        headers: HTTPHeaders, sent: SentRequest?, timeline: Timeline, redirectCount: Int, raw: RawText, bodyTruncated: Bool,
        validation: ErrorChain?,
        tree: DocumentTree = DocumentTree(note: "No document."), bytes: BodyBytes? = nil
    ) {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.size = size
        self.remoteAddress = remoteAddress
        self.effectiveURL = effectiveURL
        self.headers = headers
        self.sent = sent
        self.timeline = timeline
        self.redirectCount = redirectCount
        self.raw = raw
        self.bodyTruncated = bodyTruncated
        self.validation = validation
        self.tree = tree
        self.bytes = bytes
    }

    /// What the views show of a concluded exchange: the body's first `previewLimit` bytes for Raw
    /// (their lines are made later: `raw`), the serializer's document for the Tree tab, its errors
    /// for the Errors tab with the checks' results. Call it off the UI thread.
    public init(_ concluded: Concluded) {
        let response = concluded.response
        let prefix = (try? response.body.prefix(Self.previewLimit)) ?? Data()
        self.init(
            status: response.status, reason: response.displayReason, httpVersion: response.httpVersion, size: response.body.count,
            remoteAddress: response.remoteAddress, effectiveURL: response.effectiveURL, headers: response.headers, sent: response.sent,
            timeline: response.timeline, redirectCount: response.redirects.count,
            raw: RawText(bytes: prefix, total: response.body.count, type: response.headers["Content-Type"]),
            bodyTruncated: Int64(prefix.count) < response.body.count,
            validation: concluded.error.map { ErrorChain($0) },
            tree: DocumentTree(concluded.value, failed: concluded.error != nil),
            bytes: (try? ByteSource(body: response.body)).map(BodyBytes.init))
        stoppedByUser = response.stoppedByUser
        trailers = response.trailers
        checks = concluded.checks
    }

    /// A response read with no request file's expectations (a history entry, `ferry view`): validated
    /// against `accept` and parsed as it looks (`auto`). Call it off the UI thread.
    public init(_ response: Response, method: HTTPMethod, accept: String?) {
        self.init(
            ResponseConclusion(evaluator: ResponseExpectations().evaluator(accept: accept, fallback: .auto)).conclude(
                response, method: method))
    }

    /// Text bodies as lines, split at LF (a CRLF's CR goes, as does every other CR), tabs as four
    /// spaces; a body with NUL bytes is described instead. Invalid UTF-8 becomes U+FFFD.
    public static func lines(of bytes: Data, total: Int64, type: String?) -> [String] {
        if total == 0 { return ["(empty body)"] }
        if bytes.contains(0) {
            return ["(binary body: \(ByteCountText.format(total))\(type.map { ", " + $0 } ?? ""); the Hex view will show it)"]
        }
        return bytes.withUnsafeBytes { buffer in
            buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { slice in
                let line = UnsafeRawBufferPointer(rebasing: slice)
                var text = String(decoding: line, as: UTF8.self)
                if line.contains(UInt8(ascii: "\t")) || line.contains(UInt8(ascii: "\r")) {
                    text = text.replacingOccurrences(of: "\t", with: "    ").replacingOccurrences(of: "\r", with: "")
                }
                return TerminalSafeText.escaping(text)
            }
        }
    }
}
