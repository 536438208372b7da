import Foundation

/// One request the TUI's mock server answered: its log line, and the request itself for its details.
public struct MockHitRow: Hashable, Sendable {
    public var time: Date
    public var method: String
    /// The request target as sent (`/pets/1?x=2`).
    public var path: String
    /// The route that answered (`GET /pets/{id}`), nil when none did.
    public var route: String?
    /// What answered within the route: `example rex`, `generated`, `stateful`, `rule …`.
    public var answer: String?
    /// 0 when the connection was dropped (a fault).
    public var status: Int
    /// The log line `ferry mock` prints for it.
    public var line: String
    public var headers: [String]
    public var body: [UInt8]

    public init(
        time: Date, method: String, path: String, route: String?, answer: String? = nil, status: Int, line: String,
        headers: [String] = [], body: [UInt8] = []
    ) {
        self.time = time
        self.method = method
        self.path = path
        self.route = route
        self.answer = answer
        self.status = status
        self.line = line
        self.headers = headers
        self.body = body
    }

    /// Its details as a sheet: the request line, the headers, then the body as text (or its size when it is not UTF-8).
    var sheet: Sheet {
        var lines = ["\(method) \(path)  → \(status == 0 ? "dropped" : String(status)) at \(HistoryOverlay.time(time))", ""]
        lines += headers
        lines.append("")
        if let text = String(validating: body, as: UTF8.self) {
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else {
            lines.append("(\(body.count) bytes, not UTF-8 text)")
        }
        return Sheet(title: "Mock hit", lines: lines)
    }
}
