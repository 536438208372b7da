/// The path part of a route: literal segments and named parameters, read from a request file's
/// URL template (`{{baseUrl}}/pets/{{id}}`, `https://api.test/pets/:id`) or an OpenAPI path
/// (`/pets/{id}`).
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    public let segments: [Segment]

    public init(segments: [Segment]) { self.segments = segments }

    /// The path of a URL template: a leading `{{variable}}` or `scheme://host` is the server and is
    /// dropped, as are the query and fragment; `{{name}}`, `{name}` and `:name` segments are parameters.
    public init(urlTemplate: String) {
        var text = Substring(urlTemplate.trimmingWhitespaceAndNewlines())
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        if let scheme = text.range(of: "://") {
            text = text[scheme.upperBound...]
            text = text.firstIndex(of: "/").map { text[$0...] } ?? ""
        } else if text.hasPrefix("{{"), let close = text.range(of: "}}") {
            text = text[close.upperBound...]
        }
        segments = text.split(separator: "/").map(Self.segment)
    }

    private static func segment(_ text: Substring) -> Segment {
        if text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 {
            return .parameter(String(text.dropFirst(2).dropLast(2)).trimmingWhitespaceAndNewlines())
        }
        if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 { return .parameter(String(text.dropFirst().dropLast())) }
        if text.hasPrefix(":"), text.count > 1 { return .parameter(String(text.dropFirst())) }
        return .literal(text.removingPercentEncoding ?? String(text))
    }

    /// The parameters' values when `path` (decoded segments) fits the template; nil otherwise.
    public func match(_ path: [String]) -> [(name: String, value: String)]? {
        guard path.count == segments.count else { return nil }
        var values: [(name: String, value: String)] = []
        for (segment, part) in zip(segments, path) {
            switch segment {
            case .literal(let text): guard text == part else { return nil }
            case .parameter(let name): values.append((name, part))
            }
        }
        return values
    }

    /// How far `path` is from fitting: segments that differ, and each one missing or extra.
    public func distance(to path: [String]) -> Int {
        var distance = abs(path.count - segments.count)
        for (segment, part) in zip(segments, path) {
            if case .literal(let text) = segment, text != part { distance += 1 }
        }
        return distance
    }

    /// True when `self` should be tried before `other`: at the first segment where they differ, a
    /// literal before a parameter (`/pets/mine` before `/pets/{id}`).
    public func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (left, right) in zip(segments, other.segments) {
            switch (left, right) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return segments.count > other.segments.count
    }

    /// `/pets/{id}`.
    public var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): "{\(name)}"
                }
            }.joined(separator: "/")
    }
}

extension StringProtocol {
    func trimmingWhitespaceAndNewlines() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

extension PathTemplate {
    /// True when both have the same shape: the same literals, parameters where the other has
    /// parameters (their names aside).
    func fits(_ other: PathTemplate) -> Bool {
        guard segments.count == other.segments.count else { return false }
        return zip(segments, other.segments).allSatisfy { left, right in
            switch (left, right) {
            case (.literal(let a), .literal(let b)): a == b
            case (.parameter, .parameter): true
            default: false
            }
        }
    }
}
