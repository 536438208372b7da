import Foundation

/// One request the mock answered, for the live log: a line, or one JSON object with `--json`.
public struct MockHit: Sendable, Encodable {
    public var time: Date
    public var method: String
    public var path: String
    /// The route that answered (`GET /pets/{id}`), nil when none did.
    public var route: String?
    /// What answered within the route: `example NAME`, `generated`, `rule 2`, `stateful`.
    public var answer: String?
    public var status: Int
    /// From the request's end to the reply's being handed to the socket, faults' latency included.
    public var milliseconds: Double
    /// The request itself, for a view that shows its headers and body (the TUI's); not in `--json`.
    public var request: MockRequest?

    enum CodingKeys: String, CodingKey {
        case time, method, path, route, answer, status, milliseconds
    }

    /// `12:00:01.234 GET /pets/1 → GET /pets/{id} 200 0.4 ms`.
    public var line: String {
        let clock = Self.clock(time)
        let matched = route.map { "→ \($0)" + (answer.map { " (\($0))" } ?? "") } ?? "→ no route"
        let tenths = Int((milliseconds * 10).rounded())
        return "\(clock) \(method) \(path) \(matched) \(status) \(tenths / 10).\(tenths % 10) ms"
    }

    private static func clock(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let millis = Int(date.timeIntervalSince1970 * 1000) % 1000
        func padded(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(Int32(millis), 3))"
    }
}
