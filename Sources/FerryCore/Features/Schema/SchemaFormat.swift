import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `format` values Ferry asserts when asked (an annotation otherwise): dates and times of
/// RFC 3339, durations, e-mail addresses, host names, IP addresses, URIs, UUIDs, regular
/// expressions and JSON pointers. Unknown formats are valid.
enum SchemaFormat {
    /// `dialect` matters for host names: before draft 7 (RFC 1123), `--` may stand in a label's third and fourth places.
    static func isValid(_ text: String, format: String, dialect: SchemaDialect) -> Bool {
        switch format {
        case "date-time": dateTime(text)
        case "date": date(text)
        case "time": time(text)
        case "duration": matches(duration, text)
        case "email": email(text, international: false)
        case "idn-email": email(text, international: true)
        case "hostname": hostname(text, idna: !dialect.isDraft4Like && dialect != .draft6)
        case "idn-hostname": !text.isEmpty && text.unicodeScalars.count <= 253
        case "ipv4": ipv4(text)
        case "ipv6": ipv6(text)
        case "uri": uri(text, absolute: true, international: false)
        case "uri-reference": uri(text, absolute: false, international: false)
        case "iri": uri(text, absolute: true, international: true)
        case "iri-reference": uri(text, absolute: false, international: true)
        case "uuid": matches(uuid, text)
        case "regex": SchemaPattern.compile(text) != nil
        case "json-pointer": jsonPointer(text)
        case "relative-json-pointer": relativeJSONPointer(text)
        case "uri-template": uriTemplate(text)
        default: true
        }
    }

    // MARK: - Dates and times (RFC 3339)

    private static let datePattern = expression("^([0-9]{4})-([0-9]{2})-([0-9]{2})\\z")
    private static let timePattern = expression("^([0-9]{2}):([0-9]{2}):([0-9]{2})(\\.[0-9]+)?([Zz]|([+-])([0-9]{2}):([0-9]{2}))\\z")
    /// RFC 3339's duration: a year only before a month, a month before a day, hours before minutes before seconds.
    private static let duration = expression(
        "^P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?"
            + "|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)\\z")
    private static let uuid = expression("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\z")

    private static func dateTime(_ text: String) -> Bool {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "T" || $0 == "t" }
        return parts.count == 2 && date(String(parts[0])) && time(String(parts[1]))
    }

    private static func date(_ text: String) -> Bool {
        guard let groups = groups(datePattern, text), let year = Int(groups[1]), let month = Int(groups[2]), let day = Int(groups[3]) else {
            return false
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }

    private static func time(_ text: String) -> Bool {
        guard let groups = groups(timePattern, text), let hour = Int(groups[1]), let minute = Int(groups[2]), let second = Int(groups[3])
        else { return false }
        var offset = 0
        if !groups[6].isEmpty {
            guard let offsetHours = Int(groups[7]), let offsetMinutes = Int(groups[8]), offsetHours <= 23, offsetMinutes <= 59 else {
                return false
            }
            offset = (offsetHours * 60 + offsetMinutes) * (groups[6] == "-" ? -1 : 1)
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        guard second == 60 else { return true }
        // A leap second is 23:59:60 in UTC.
        let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    // MARK: - Names and addresses

    private static func email(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."), !local.contains("@"),
                local.unicodeScalars.allSatisfy({
                    (international || $0.isASCII) && !$0.properties.isWhitespace && !"(),<>[]:;\\".unicodeScalars.contains($0)
                })
            else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            return literal.hasPrefix("IPv6:") ? ipv6(String(literal.dropFirst(5))) : ipv4(String(literal))
        }
        return international
            ? !domain.contains("..") && !domain.unicodeScalars.contains { $0.properties.isWhitespace } : hostname(String(domain))
    }

    private static func hostname(_ text: String, idna: Bool = true) -> Bool {
        let name = text
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
                && !(idna && label.count >= 4 && label.dropFirst(2).hasPrefix("--") && !label.lowercased().hasPrefix("xn--"))
        }
    }

    private static func ipv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
                    && (part == "0" || !part.hasPrefix("0"))
                    && Int(part)! <= 255
            }
    }

    private static func ipv6(_ text: String) -> Bool {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace }), !text.contains("%") else { return false }
        if let last = text.split(separator: ":").last, last.contains("."), !ipv4(String(last)) { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    // MARK: - URIs and pointers

    /// RFC 3986 (RFC 3987 when `international`): a scheme (required when `absolute`), an authority
    /// (user information, a host or bracketed IPv6 literal, a numeric port), then path, query and fragment.
    private static func uri(_ text: String, absolute: Bool, international: Bool) -> Bool {
        var rest = Substring(text)
        let schemeEnd = rest.firstIndex { ":/?#".contains($0) }
        if let schemeEnd, rest[schemeEnd] == ":" {
            let scheme = rest[..<schemeEnd]
            guard let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return false }
            rest = rest[rest.index(after: schemeEnd)...]
        } else if absolute {
            return false
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let authority = rest.prefix { !"/?#".contains($0) }
            rest = rest.dropFirst(authority.count)
            guard self.authority(authority, international: international) else { return false }
        }
        guard let hash = rest.firstIndex(of: "#") ?? Optional(rest.endIndex) else { return false }
        let fragment = hash < rest.endIndex ? rest[rest.index(after: hash)...] : ""
        return characters(rest[..<hash], allowed: "/?:@", international: international)
            && characters(fragment, allowed: "/?:@", international: international)
    }

    private static func authority(_ authority: Substring, international: Bool) -> Bool {
        let parts = authority.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        if parts.count == 2, !characters(parts[0], allowed: ":", international: international) { return false }
        let hostAndPort = parts.last ?? ""
        var port: Substring = ""
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return false }
            let literal = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            guard ipv6(String(literal)) || literal.hasPrefix("v") || literal.hasPrefix("V") else { return false }
            port = hostAndPort[hostAndPort.index(after: close)...]
            guard port.isEmpty || port.hasPrefix(":") else { return false }
        } else {
            let pieces = hostAndPort.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2, characters(pieces[0], allowed: "", international: international) else { return false }
            if pieces.count == 2 { port = ":" + pieces[1] }
        }
        return port.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// True when every character is unreserved, a sub-delimiter, percent-encoded, one of `allowed`,
    /// or (for IRIs) a non-ASCII character that is no space or control.
    private static func characters(_ text: Substring, allowed: String, international: Bool) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "%" {
                guard scalars.count >= 2, scalars.prefix(2).allSatisfy({ $0.properties.isASCIIHexDigit }) else { return false }
                scalars = scalars.dropFirst(2)
                continue
            }
            if !scalar.isASCII {
                guard international, !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control else { return false }
                continue
            }
            let ok =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-._~!$&'()*+,;=".unicodeScalars.contains(scalar) || allowed.unicodeScalars.contains(scalar)
            if !ok { return false }
        }
        return true
    }

    private static func jsonPointer(_ text: String) -> Bool {
        (text.isEmpty || text.hasPrefix("/")) && !hasBadTilde(text)
    }

    private static func hasBadTilde(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "~" {
            guard index + 1 < scalars.count, scalars[index + 1] == "0" || scalars[index + 1] == "1" else { return true }
        }
        return false
    }

    private static func relativeJSONPointer(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = String(text.dropFirst(digits.count))
        return rest == "#" || jsonPointer(rest)
    }

    /// RFC 6570: literals without spaces, quotes or braces; expressions of an optional operator and
    /// comma-separated variable names, each with a `:length` (1–9999) or `*`.
    private static func uriTemplate(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", literal(rest[..<open]), let close = rest[open...].firstIndex(of: "}") else { return false }
            var expression = rest[rest.index(after: open)..<close]
            if let first = expression.first, "+#./;?&".contains(first) { expression = expression.dropFirst() }
            guard expression.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(variable) else { return false }
            rest = rest[rest.index(after: close)...]
        }
        return literal(rest)
    }

    private static func literal(_ text: Substring) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains($0) }
    }

    private static func variable(_ spec: Substring) -> Bool {
        var name = spec
        if spec.hasSuffix("*") {
            name = spec.dropLast()
        } else if let colon = spec.firstIndex(of: ":") {
            name = spec[..<colon]
            let length = spec[spec.index(after: colon)...]
            guard (1...4).contains(length.count), !length.hasPrefix("0"), length.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return false
            }
        }
        guard !name.isEmpty, !name.hasPrefix("."), !name.hasSuffix("."), !name.contains("..") else { return false }
        return characters(name.filter { $0 != "." && $0 != "_" }[...], allowed: "", international: false)
            && name.allSatisfy { $0 == "." || $0 == "_" || $0 == "%" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    // MARK: - Expressions

    private static func expression(_ pattern: String) -> NSRegularExpression {
        // The patterns above are constants that compile.
        try! NSRegularExpression(pattern: pattern)
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The groups of a whole-text match (empty strings for groups that took no part), or nil.
    private static func groups(_ expression: NSRegularExpression, _ text: String) -> [String]? {
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
    }
}
