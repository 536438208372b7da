import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// Recorded exchanges as HAR 1.2 entries (the format browsers and HTTP tools import), written entry
/// by entry. An exchange that got no response has status 0 and its error chain in `_error`.
enum HistoryHAR {
    /// The text before the first entry and after the last.
    static func frame() throws -> (opening: Data, closing: Data) {
        try HARExporter.frame(creator: .init(name: "Ferry", version: FerryInfo.version))
    }

    static func entry(_ entry: HistoryEntry) -> HAREntry {
        var timings = HAREntry.unmeasured
        if let timeline = entry.timeline {
            for phase in Timeline.Phase.allCases {
                if let name = phase.harName { timings[name] = Double(timeline[phase]) / 1000 }
            }
        }
        let address = entry.remoteAddress.map { address in
            address.lastIndex(of: ":").map { String(address[..<$0]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } ?? address
        }
        return HAREntry(
            startedDateTime: HistoryReport.timestamp(entry.time), time: entry.durationMs, request: request(entry),
            response: response(entry), timings: timings, serverIPAddress: address,
            error: entry.errorChain.flatMap { chain in chain.first.map { HAREntry.Failure(message: $0.message, chain: chain) } })
    }

    private static func request(_ entry: HistoryEntry) -> HAREntry.Request {
        let headers = entry.sentHeaders ?? entry.requestHeaders
        let postData = entry.requestBody.map { body in
            HAREntry.PostData(
                mimeType: headers.first { $0.name.lowercased() == "content-type" }?.value ?? "", text: String(decoding: body, as: UTF8.self)
            )
        }
        return HAREntry.Request(
            method: entry.method, url: entry.url,
            httpVersion: entry.requestLine.flatMap { $0.split(separator: " ").last.map(String.init) } ?? entry.httpVersion ?? "HTTP/1.1",
            headers: headers.map { HAREntry.Pair(name: $0.name, value: $0.value) }, postData: postData,
            bodySize: entry.requestBodySize ?? 0)
    }

    private static func response(_ entry: HistoryEntry) -> HAREntry.Response {
        let body = entry.responseBody ?? Data()
        var content = HAREntry.Content(size: entry.responseBodySize, mimeType: entry.contentType ?? "")
        if TerminalSafeText.looksLikeText(Array(body), isPrefix: entry.responseBodyTruncated) {
            content.text = String(decoding: body, as: UTF8.self)
        } else {
            content.text = body.base64EncodedString()
            content.encoding = "base64"
        }
        if entry.responseBodyTruncated {
            content.comment =
                "body capped at \(body.count) of \(entry.responseBodySize) bytes when recorded; \(entry.responseBodyFingerprint?.description ?? "")"
        }
        return HAREntry.Response(
            status: entry.status ?? 0, statusText: entry.reason ?? "", httpVersion: entry.httpVersion ?? "",
            headers: entry.responseHeaders.map { HAREntry.Pair(name: $0.name, value: $0.value) }, content: content,
            bodySize: entry.status == nil ? -1 : entry.responseBodySize)
    }
}
