/// URI references as JSON Schema uses them: resolved against a base by RFC 3986 §5.2, split at
/// the fragment, and JSON pointers inside fragments read and written (RFC 6901 with percent-decoding).
enum SchemaURI {
    private struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter, first.isASCII,
                rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// `reference` resolved against the absolute URI `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        let r = Parts(reference)
        var b = Parts(base)
        guard r.scheme == nil else {
            var t = r
            t.path = removingDotSegments(r.path)
            return t.text
        }
        if r.authority != nil {
            b.authority = r.authority
            b.path = removingDotSegments(r.path)
            b.query = r.query
        } else if r.path.isEmpty {
            if r.query != nil { b.query = r.query }
        } else {
            if r.path.hasPrefix("/") {
                b.path = removingDotSegments(r.path)
            } else if b.authority != nil, b.path.isEmpty {
                b.path = removingDotSegments("/" + r.path)
            } else {
                let directory = b.path.lastIndex(of: "/").map { String(b.path[...$0]) } ?? ""
                b.path = removingDotSegments(directory + r.path)
            }
            b.query = r.query
        }
        b.fragment = r.fragment
        return b.text
    }

    /// The URI without its fragment, and the fragment (nil when there is no `#`).
    static func split(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// The reference tokens of a JSON pointer fragment (`/a~1b/0` → `["a/b", "0"]`), percent-decoded.
    static func pointerTokens(_ fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncodingKeepingInvalid
        guard decoded.hasPrefix("/") else { return decoded.isEmpty ? [] : nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// One JSON pointer token, escaped (`a/b` → `a~1b`).
    static func escapeToken(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") {
            absolute = true
            input = input.dropFirst()
        }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}

extension String {
    /// Percent-decoded, or unchanged where a `%` is not followed by two hex digits.
    fileprivate var removingPercentEncodingKeepingInvalid: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexDigit(utf8[index + 1]), let low = hexDigit(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
