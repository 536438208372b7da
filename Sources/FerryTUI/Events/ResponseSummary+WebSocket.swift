import FerryCore
import Foundation

extension ResponseSummary {
    /// A WebSocket session as the response tabs show it: the handshake's status, headers, request
    /// head and phases, and its transcript (JSON Lines) as the body for Raw and Hex; the messages
    /// themselves are in the Events tab. Nothing is validated: a 101 is what was asked for.
    public static func webSocket(_ response: Response) -> ResponseSummary {
        let prefix = (try? response.body.prefix(previewLimit)) ?? Data()
        return ResponseSummary(
            status: response.status, reason: response.displayReason, httpVersion: response.httpVersion, size: response.body.count,
            remoteAddress: response.remoteAddress, effectiveURL: response.effectiveURL, headers: response.headers,
            sent: response.sent, timeline: response.timeline, redirectCount: 0,
            raw: RawText(bytes: prefix, total: response.body.count, type: nil), bodyTruncated: Int64(prefix.count) < response.body.count,
            validation: nil, tree: DocumentTree(note: "A WebSocket: its messages are in the Events tab; Raw shows them as JSON Lines."),
            bytes: BodyBytes(ByteSource(data: prefix)))
    }
}
