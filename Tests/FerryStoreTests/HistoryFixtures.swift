import FerryCore
import FerryStore
import Foundation

/// Exchanges as the transport hands them over, for recording into a real history file.
enum HistoryFixtures {
    static func response(
        status: Int = 200, body: String, contentType: String = "application/json",
        headers extra: [(String, String)] = [], url: String = "http://api.example.com/items"
    ) -> Response {
        var headers: HTTPHeaders = ["Content-Type": contentType, "Content-Length": "\(body.utf8.count)"]
        for (name, value) in extra { headers.add(name: name, value: value) }
        let data = Data(body.utf8)
        return Response(
            status: status, reasonPhrase: HTTPStatus.standardReason(for: status), httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: url,
            remoteAddress: "127.0.0.1:8080", redirects: [],
            timeline: Timeline(start: Date(), durations: [.dns: 1000, .connect: 2000, .wait: 5000, .receive: 500]),
            sent: SentRequest(requestLine: "GET /items HTTP/1.1", headers: ["Host": "api.example.com", "Accept": "*/*"], bodyBytes: 0))
    }

    static func request(
        _ url: String = "http://api.example.com/items", method: HTTPMethod = .get,
        headers: HTTPHeaders = [:], body: RequestBody = .none
    ) -> Request {
        Request(method: method, url: URL(string: url)!, headers: headers, body: body)
    }

    static func entry(
        _ url: String = "http://api.example.com/items", method: HTTPMethod = .get, status: Int = 200, body: String = "{}",
        contentType: String = "application/json", started: Date = Date()
    ) throws -> HistoryEntry {
        try HistoryEntry(
            request: request(url, method: method), response: response(status: status, body: body, contentType: contentType, url: url),
            error: nil, started: started)
    }
}
