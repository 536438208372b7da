import Foundation

/// A request the mock server received, apart from NIO: what routes, rules, templates and
/// validation read.
public struct MockRequest: Sendable {
    public var method: String
    /// The request target as sent (`/pets/1?x=2`).
    public var target: String
    /// The path as sent, percent-escapes kept, without the query.
    public var path: String
    /// The path's segments, percent-decoded, without empty ones.
    public var segments: [String]
    /// Query items in order, `+` read as a space.
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// A request for `target` (`/pets/1?x=2`).
    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method.uppercased()
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map { $0.split(separator: "#", maxSplits: 1).first.map(String.init) ?? "" } ?? ""
        path = rawPath.isEmpty ? "/" : rawPath
        segments = rawPath.split(separator: "/").map { $0.contains("%") ? $0.removingPercentEncoding ?? String($0) : String($0) }
        query = parts.count > 1 ? Self.formDecoded(String(parts[1])) : []
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The first value of query item `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// `application/x-www-form-urlencoded` pairs.
    static func formDecoded(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func unescape(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
