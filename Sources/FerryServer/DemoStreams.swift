import Foundation

/// The demo server's streams: server-sent events, NDJSON and a slow chunked log, each sent piece by
/// piece with pauses, so clients can be watched showing what arrives before the stream ends.
///
/// Every stream takes `count` (pieces; 0 sends forever) and `interval` (seconds between pieces).
enum DemoStreams {
    /// Pieces sent when the request does not say.
    static let defaultCount = 5
    static let defaultInterval = 1.0

    /// `/sse`: a comment first and a `retry` in the first event, then events cycling through three shapes — a JSON `tick`
    /// with an id, a default `message` event whose data spans two lines, and a comment followed by a
    /// JSON `token` event. A `Last-Event-ID` header resumes after that event.
    static func serverSentEvents(_ request: DemoRequest) -> DemoReply {
        let resumeAfter = request.head.headers.first(name: "Last-Event-ID").flatMap(Int.init) ?? 0
        return paced(request, type: "text/event-stream; charset=utf-8") { index in
            let number = resumeAfter + index + 1
            var text = index == 0 ? ": ferry demo event stream\n\nretry: 3000\n" : ""
            switch number % 3 {
            case 1: text += "id: \(number)\nevent: tick\ndata: {\"n\":\(number),\"text\":\"tick \(number)\"}\n\n"
            case 2: text += "id: \(number)\ndata: message \(number), first line\ndata: second line\n\n"
            default: text += ": heartbeat\nid: \(number)\nevent: token\ndata: {\"n\":\(number),\"token\":\"word\(number)\"}\n\n"
            }
            return Array(text.utf8)
        }
    }

    /// `/ndjson`: one JSON object per line.
    static func jsonLines(_ request: DemoRequest) -> DemoReply {
        paced(request, type: "application/x-ndjson") { index in
            Array("{\"n\":\(index + 1),\"level\":\"\(index % 4 == 3 ? "warn" : "info")\",\"message\":\"record \(index + 1)\"}\n".utf8)
        }
    }

    /// `/log`: plain-text log lines, chunked, as a build or a deployment prints them.
    static func log(_ request: DemoRequest) -> DemoReply {
        paced(request, type: "text/plain; charset=utf-8") { index in
            Array(
                "[\(String(format: "%04d", index + 1))] step \(index + 1): \(index % 5 == 4 ? "waiting for the next stage" : "done")\n".utf8
            )
        }
    }

    private static func paced(_ request: DemoRequest, type: String, piece: @escaping @Sendable (Int) -> [UInt8]) -> DemoReply {
        let count = request.queryValue("count").flatMap(Int.init).map { max($0, 0) } ?? defaultCount
        let interval = min(max(request.queryValue("interval").flatMap(Double.init) ?? defaultInterval, 0), 60)
        let body = DemoReply.PacedBody(count: count == 0 ? nil : count, interval: .nanoseconds(Int64(interval * 1e9)), piece: piece)
        return DemoReply(status: .ok, headers: ["Content-Type": type, "Cache-Control": "no-cache"], body: .paced(body))
    }
}
