import FerryDigest
import Foundation
import NIOCore
import NIOHTTP1

/// A request the demo server received: its head, and its body (kept up to a limit, always
/// counted and hashed, so gigabyte uploads cost no memory).
struct DemoRequest {
    static let keptBodyLimit = 1 << 20

    let head: HTTPRequestHead
    let isTLS: Bool
    let remoteAddress: String
    /// The path with its percent-escapes kept, split on `/`, without empty parts.
    let pathComponents: [Substring]
    /// Query items in order, `+` read as a space.
    let query: [(name: String, value: String)]
    private(set) var body: [UInt8] = []
    private(set) var bodySize = 0
    private var hasher = MessageDigest(.sha256)
    /// Parts of a multipart body, read as they arrive.
    let multipart: MultipartSummary?

    init(head: HTTPRequestHead, isTLS: Bool, remoteAddress: String) {
        self.head = head
        self.isTLS = isTLS
        self.remoteAddress = remoteAddress
        let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        pathComponents = parts.first.map { $0.split(separator: "/") } ?? []
        query = parts.count > 1 ? FormDecoding.decode(String(parts[1])) : []
        multipart = MultipartSummary(contentType: head.headers.first(name: "Content-Type"))
    }

    mutating func append(_ buffer: ByteBuffer) {
        bodySize += buffer.readableBytes
        buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        let room = Self.keptBodyLimit - body.count
        if room > 0 { body.append(contentsOf: buffer.readableBytesView.prefix(room)) }
        multipart?.feed(buffer)
    }

    /// Lower-case hex SHA-256 of the whole body.
    func bodySHA256() -> String { hasher.finalize().hexString }

    var bodyWasTruncated: Bool { bodySize > body.count }

    /// The full URL the client asked for, as httpbin reports it.
    var url: String {
        let host = head.headers.first(name: "Host") ?? "localhost"
        return "\(isTLS ? "https" : "http")://\(host)\(head.uri)"
    }

    func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// `application/x-www-form-urlencoded` decoding for query strings and form bodies.
enum FormDecoding {
    static func decode(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func unescape(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
