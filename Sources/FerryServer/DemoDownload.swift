import Foundation
import NIOHTTP1

/// `GET /download/:n?seed=S`: n deterministic bytes that can be continued, as a file server sends
/// them: an `ETag` and `Last-Modified` that change with the seed, `Accept-Ranges: bytes`, and
/// `Range: bytes=A-[B]` answered with 206 (or 416 past the end) unless an `If-Range` names another
/// version, which gets the whole file. `drop_at=B` closes the connection once byte B of the file
/// went out, `stall_at=B` stops sending there with the connection open (the tests' interruptions);
/// an answer starting at or past that byte is not cut. `validators=etag|date|none` limits what is sent.
enum DemoDownload {
    static func reply(for request: DemoRequest, count argument: String?) -> DemoReply {
        guard let length = argument.flatMap(Int.init), length >= 0 else {
            return .text("bad byte count: \(argument ?? "")\n", status: .badRequest)
        }
        let seed = request.queryValue("seed").flatMap(UInt64.init) ?? 0
        let etag = "\"download-\(length)-\(seed)\""
        let lastModified = Self.lastModified(seed: seed)
        let validators = request.queryValue("validators") ?? "both"
        var headers: HTTPHeaders = ["Content-Type": "application/octet-stream", "Accept-Ranges": "bytes"]
        if validators == "both" || validators == "etag" { headers.add(name: "ETag", value: etag) }
        if validators == "both" || validators == "date" { headers.add(name: "Last-Modified", value: lastModified) }

        var start = 0
        var end = length
        var status = HTTPResponseStatus.ok
        if let range = request.head.headers.first(name: "Range"),
            Self.ifRangeHolds(request, etag: etag, lastModified: lastModified, validators: validators)
        {
            guard let bounds = Self.bounds(of: range), bounds.first < length else {
                headers.add(name: "Content-Range", value: "bytes */\(length)")
                return DemoReply(
                    status: .rangeNotSatisfiable, headers: headers, body: .bytes(Array("range not satisfiable: \(range)\n".utf8)))
            }
            start = bounds.first
            end = min(length, bounds.last.map { $0 + 1 } ?? length)
            status = .partialContent
            headers.add(name: "Content-Range", value: "bytes \(start)-\(end - 1)/\(length)")
        }
        var body = DemoReply.GeneratedBody(source: SeededBytes(seed: seed), length: end - start, announcedLength: end - start)
        body.start = start
        if let dropAt = request.queryValue("drop_at").flatMap(Int.init), dropAt > start {
            body.ending = .close(after: dropAt - start)
        } else if let stallAt = request.queryValue("stall_at").flatMap(Int.init), stallAt > start {
            body.ending = .stall(after: stallAt - start)
        }
        return DemoReply(status: status, headers: headers, body: .generated(body))
    }

    /// True without an `If-Range`, or when it names the version served (RFC 9110 §13.1.5: an
    /// entity tag compared strongly, a date exactly).
    private static func ifRangeHolds(_ request: DemoRequest, etag: String, lastModified: String, validators: String) -> Bool {
        guard let condition = request.head.headers.first(name: "If-Range") else { return true }
        if condition.hasPrefix("\"") { return validators != "date" && validators != "none" && condition == etag }
        return (validators == "both" || validators == "date") && condition == lastModified
    }

    /// `bytes=FIRST-[LAST]`; a suffix range or several ranges are not offered.
    private static func bounds(of range: String) -> (first: Int, last: Int?)? {
        let text = range.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("bytes=") else { return nil }
        let parts = text.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first >= 0 else { return nil }
        if parts[1].isEmpty { return (first, nil) }
        guard let last = Int(parts[1]), last >= first else { return nil }
        return (first, last)
    }

    /// An HTTP date a day per seed after 2024-01-01.
    private static func lastModified(seed: UInt64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: 1_704_067_200 + Double(seed % 10_000) * 86_400))
    }
}
