import FerryCore
import FerryStore
import Foundation

/// A HAR 1.2 log of recorded exchanges, the format browsers and HTTP tools import, written entry
/// by entry. An exchange that got no response has status 0 and its error chain in `_error`.
enum HistoryHAR {
    /// The text before the first entry and after the last.
    static func frame() throws -> (opening: Data, closing: Data) {
        let creator = try ExchangeReport.encode(Creator(name: "Ferry", version: FerryInfo.version))
        return (Data(#"{"log": {"version": "1.2", "creator": "#.utf8) + creator + Data(#", "entries": ["#.utf8), Data("]}}".utf8))
    }

    struct Creator: Encodable {
        var name: String
        var version: String
    }

    struct Pair: Encodable {
        var name: String
        var value: String
    }

    struct Entry: Encodable {
        var startedDateTime: String
        var time: Double
        var request: RequestPart
        var response: ResponsePart
        var cache: [String: String] = [:]
        var timings: [String: Double]
        var serverIPAddress: String?
        var _error: ExchangeReport.ErrorPart?

        init(_ entry: HistoryEntry) {
            startedDateTime = HistoryReport.timestamp(entry.time)
            time = entry.durationMs
            request = RequestPart(entry)
            response = ResponsePart(entry)
            var timings: [String: Double] = ["send": 0, "wait": 0, "receive": 0, "blocked": -1, "dns": -1, "connect": -1, "ssl": -1]
            if let timeline = entry.timeline {
                for phase in Timeline.Phase.allCases {
                    if let name = phase.harName { timings[name] = Double(timeline[phase]) / 1000 }
                }
            }
            self.timings = timings
            serverIPAddress = entry.remoteAddress.map { address in
                address.lastIndex(of: ":").map { String(address[..<$0]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } ?? address
            }
            _error = entry.errorChain.flatMap { chain in chain.first.map { ExchangeReport.ErrorPart(message: $0.message, chain: chain) } }
        }
    }

    struct RequestPart: Encodable {
        var method: String
        var url: String
        var httpVersion: String
        var cookies: [Pair] = []
        var headers: [Pair]
        var queryString: [Pair]
        var postData: PostData?
        var headersSize = -1
        var bodySize: Int64

        init(_ entry: HistoryEntry) {
            method = entry.method
            url = entry.url
            httpVersion = entry.requestLine.flatMap { $0.split(separator: " ").last.map(String.init) } ?? entry.httpVersion ?? "HTTP/1.1"
            let headers = entry.sentHeaders ?? entry.requestHeaders
            self.headers = headers.map { Pair(name: $0.name, value: $0.value) }
            queryString = URLComponents(string: entry.url)?.queryItems?.map { Pair(name: $0.name, value: $0.value ?? "") } ?? []
            postData = entry.requestBody.map { body in
                PostData(mimeType: headers.first { $0.name.lowercased() == "content-type" }?.value ?? "", text: String(decoding: body, as: UTF8.self))
            }
            bodySize = entry.requestBodySize ?? 0
        }
    }

    struct PostData: Encodable {
        var mimeType: String
        var text: String
    }

    struct ResponsePart: Encodable {
        var status: Int
        var statusText: String
        var httpVersion: String
        var cookies: [Pair] = []
        var headers: [Pair]
        var content: Content
        var redirectURL: String
        var headersSize = -1
        var bodySize: Int64

        init(_ entry: HistoryEntry) {
            status = entry.status ?? 0
            statusText = entry.reason ?? ""
            httpVersion = entry.httpVersion ?? ""
            headers = entry.responseHeaders.map { Pair(name: $0.name, value: $0.value) }
            content = Content(entry)
            redirectURL = entry.responseHeaders.first { $0.name.lowercased() == "location" }?.value ?? ""
            bodySize = entry.status == nil ? -1 : entry.responseBodySize
        }
    }

    struct Content: Encodable {
        var size: Int64
        var mimeType: String
        var text: String?
        var encoding: String?
        /// Set when the recorded body was capped: `text` holds only its start.
        var comment: String?

        init(_ entry: HistoryEntry) {
            size = entry.responseBodySize
            mimeType = entry.contentType ?? ""
            let body = entry.responseBody ?? Data()
            if TerminalSafeText.looksLikeText(Array(body), isPrefix: entry.responseBodyTruncated) {
                text = String(decoding: body, as: UTF8.self)
            } else {
                text = body.base64EncodedString()
                encoding = "base64"
            }
            if entry.responseBodyTruncated {
                comment = "body capped at \(body.count) of \(entry.responseBodySize) bytes when recorded; sha256 \(entry.responseBodySHA256 ?? "")"
            }
        }
    }
}
