import Foundation

/// An OpenAPI path template (`/pets/{petId}`, `/files/{name}.{ext}`) matched against a request's
/// path one segment at a time. When several match, the most specific wins: at the first segment
/// where they differ, a literal beats one with parameters (`/pets/mine` before `/pets/{petId}`).
public struct PathTemplate: Sendable, Hashable {
    /// One segment: its literal text and parameter names, alternating (`["", "name", ".", "ext", ""]`).
    struct Segment: Sendable, Hashable {
        var pieces: [String]
        var isLiteral: Bool { pieces.count == 1 }
    }

    public let text: String
    let segments: [Segment]

    public init(_ text: String) {
        self.text = text
        segments = Array(Parts(text[...])).map { segment in
            var pieces: [String] = []
            var current = ""
            var inName = false
            for character in segment {
                if !inName, character == "{" {
                    pieces.append(current)
                    current = ""
                    inName = true
                } else if inName, character == "}" {
                    pieces.append(current)
                    current = ""
                    inName = false
                } else {
                    current.append(character)
                }
            }
            pieces.append(inName ? "{" + current : current)
            return Segment(pieces: pieces)
        }
    }

    /// The parameters' values when `path` (percent-encoded, no query) matches; nil when it does not.
    public func match(_ path: String) -> [String: String]? { match(path: path[...]) }

    /// `match` of a slice of a path (the part under a server's path), its segments read in place.
    func match(path: Substring) -> [String: String]? {
        var parts = Parts(path)
        var values: [String: String] = [:]
        for segment in segments {
            guard let part = parts.next(), Self.match(segment.pieces, part, into: &values) else { return nil }
        }
        return parts.next() == nil ? values : nil
    }

    /// True when `self` is more specific than `other` (both matched the same path).
    public func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) where mine.isLiteral != theirs.isLiteral {
            return mine.isLiteral
        }
        return literalLength > other.literalLength
    }

    /// The characters of the template outside its parameters.
    private var literalLength: Int {
        segments.reduce(0) { sum, segment in
            sum + segment.pieces.indices.filter { $0.isMultiple(of: 2) }.reduce(0) { $0 + segment.pieces[$1].count }
        }
    }

    /// Matches literal pieces exactly and parameters as at least one character, shortest first.
    private static func match(_ pieces: [String], _ part: Substring, into values: inout [String: String]) -> Bool {
        guard pieces.count > 1 else { return part == pieces[0] || Self.decoded(part) == pieces[0] }
        guard part.hasPrefix(pieces[0]) else { return false }
        var rest = part.dropFirst(pieces[0].count)
        var index = 1
        while index < pieces.count {
            let name = pieces[index]
            let literal = pieces[index + 1]
            let isLast = index + 2 >= pieces.count
            let value: Substring
            if isLast {
                guard rest.hasSuffix(literal), rest.count > literal.count else { return false }
                value = rest.dropLast(literal.count)
                rest = rest.suffix(0)
            } else {
                guard !literal.isEmpty, let range = rest.dropFirst().range(of: literal) else { return false }
                value = rest[..<range.lowerBound]
                rest = rest[range.upperBound...]
            }
            values[name] = Self.decoded(value)
            index += 2
        }
        return true
    }

    /// `text` percent-decoded; text without a `%` as it is (Foundation is asked only when there is one to decode).
    static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return text.removingPercentEncoding ?? String(text)
    }

    /// The segments between slashes, ignoring a leading and a trailing one (`/` is one empty
    /// segment), cut on the UTF-8 as they are asked for (a slash is one byte, and this runs for
    /// every template an exchange is matched against).
    struct Parts: Sequence, IteratorProtocol {
        private let path: Substring
        private var start: String.Index
        private var given = false
        private var done: Bool

        init(_ path: Substring) {
            self.path = path
            done = path.isEmpty
            start = path.utf8.first == UInt8(ascii: "/") ? path.utf8.index(after: path.startIndex) : path.startIndex
        }

        mutating func next() -> Substring? {
            guard !done else { return nil }
            let bytes = path.utf8
            if let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) {
                defer { start = bytes.index(after: slash) }
                given = true
                return path[start..<slash]
            }
            done = true
            return start < bytes.endIndex || !given ? path[start...] : nil
        }
    }
}
