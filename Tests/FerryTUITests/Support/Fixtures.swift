import FerryCore
import FerryTUI
import Foundation

/// The states and the response the snapshot tests render.
enum Fixtures {
    static func summary() -> ResponseSummary {
        var timeline = Timeline(start: Date(timeIntervalSince1970: 0))
        timeline[.queue] = 100
        timeline[.dns] = 400
        timeline[.connect] = 500
        timeline[.send] = 200
        timeline[.wait] = 2_000
        timeline[.receive] = 800
        let validation = FerryError.responseValidationFailed(
            reason: .unacceptableStatusCode(
                code: 404, reason: "Not Found", acceptable: "200-299",
                underlying: .responseValidationFailed(
                    reason: .unacceptableContentType(received: "text/html", acceptable: ["application/json"]))))
        let body = Data("<html>\n\tnot 中文 found \u{1B}[31m\r\n\u{FF}</html>".utf8) + Data([0xFF])
        return ResponseSummary(
            status: 404, reason: "Not Found", httpVersion: "HTTP/1.1", size: 1234, remoteAddress: "127.0.0.1:8080",
            effectiveURL: "http://127.0.0.1:8080/status/404", headers: ["Content-Type": "text/html", "Content-Length": "1234"],
            sent: SentRequest(
                requestLine: "GET /status/404 HTTP/1.1", headers: ["Host": "127.0.0.1:8080", "Accept": "application/json"], bodyBytes: 0),
            timeline: timeline, redirectCount: 0,
            raw: RawText(bytes: body, total: 40, type: "text/html"),
            bodyTruncated: false, validation: ErrorChain(validation), bytes: BodyBytes(ByteSource(data: body)))
    }

    /// A 60×20 state whose response is the JSON `body`, focused on the response's Tree tab.
    static func state(tree body: String) throws -> AppState {
        var summary = summary()
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(body.utf8)))
        var state = state(answered: true, response: summary)
        _ = state.update(.key(.character("h")))
        return state
    }

    /// A 60×20 state with a URL typed and, when `answered`, `response` arrived and the Raw tab focused.
    static func state(width: Int = 60, height: Int = 20, answered: Bool, response: ResponseSummary = summary()) -> AppState {
        var state = AppState(width: width, height: height)
        for character in "http://127.0.0.1:8080/status/404" { _ = state.update(.key(.character(character))) }
        if answered {
            _ = state.update(.key(.enter))
            _ = state.update(.responseArrived(id: 1, response))  // the focus moves to the response
            _ = state.update(.key(.character("l")))
        }
        return state
    }
}
