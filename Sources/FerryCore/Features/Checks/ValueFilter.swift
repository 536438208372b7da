/// A step between a check's query and its predicate, as Hurl's filters: `$.date toDate "%Y-%m-%d"
/// daysAfterNow > 0`, `header "Set-Cookie" nth 1 split "; " first == "a=1"`. Each takes the value
/// the step before it gave.
public enum ValueFilter: Sendable, Hashable {
    case count, first, last
    /// The item at an index, from the end when negative.
    case nth(Int)
    case split(String)
    case replace(String, with: String)
    case replaceRegex(String, with: String)
    /// The first group (or the whole match) of the pattern's first match.
    case regex(String)
    case urlEncode, urlDecode
    case urlQueryParam(String)
    case base64Encode, base64Decode, base64UrlSafeEncode, base64UrlSafeDecode
    case toHex
    case htmlEscape, htmlUnescape
    /// A JSONPath query over the value read as JSON.
    case jsonpath(String)
    /// An XPath expression over the value read as XML.
    case xpath(String)
    case toInt, toFloat, toString
    /// A string read as a date in a strftime format.
    case toDate(String)
    /// A date written in a strftime format (UTC).
    case format(String)
    /// Whole days from now to the date, and from the date to now.
    case daysAfterNow, daysBeforeNow
    /// Bytes decoded as text in a charset (`utf-8`, `iso-8859-1`, `utf-16`…).
    case decode(String)
    /// Where a redirect led: the absolute URL of its `Location`, for one of `redirects`' URLs.
    case location

    /// How many string arguments each filter takes, by its name.
    static let arity: [String: Int] = [
        "count": 0, "first": 0, "last": 0, "nth": 1, "split": 1, "replace": 2, "replaceRegex": 2, "regex": 1,
        "urlEncode": 0, "urlDecode": 0, "urlQueryParam": 1, "base64Encode": 0, "base64Decode": 0, "base64UrlSafeEncode": 0,
        "base64UrlSafeDecode": 0, "toHex": 0, "htmlEscape": 0, "htmlUnescape": 0, "jsonpath": 1, "xpath": 1, "toInt": 0,
        "toFloat": 0, "toString": 0, "toDate": 1, "format": 1, "dateFormat": 1, "daysAfterNow": 0, "daysBeforeNow": 0, "decode": 1,
        "location": 0,
    ]

    /// The filter of this name with these arguments (as many as `arity` says; `nth` takes an integer).
    static func make(_ name: String, _ arguments: [String]) -> ValueFilter? {
        let one = arguments.first ?? ""
        switch name {
        case "count": return .count
        case "first": return .first
        case "last": return .last
        case "nth": return Int(one).map(ValueFilter.nth)
        case "split": return .split(one)
        case "replace": return .replace(one, with: arguments.last ?? "")
        case "replaceRegex": return .replaceRegex(one, with: arguments.last ?? "")
        case "regex": return .regex(one)
        case "urlEncode": return .urlEncode
        case "urlDecode": return .urlDecode
        case "urlQueryParam": return .urlQueryParam(one)
        case "base64Encode": return .base64Encode
        case "base64Decode": return .base64Decode
        case "base64UrlSafeEncode": return .base64UrlSafeEncode
        case "base64UrlSafeDecode": return .base64UrlSafeDecode
        case "toHex": return .toHex
        case "htmlEscape": return .htmlEscape
        case "htmlUnescape": return .htmlUnescape
        case "jsonpath": return .jsonpath(one)
        case "xpath": return .xpath(one)
        case "toInt": return .toInt
        case "toFloat": return .toFloat
        case "toString": return .toString
        case "toDate": return .toDate(one)
        case "format", "dateFormat": return .format(one)
        case "daysAfterNow": return .daysAfterNow
        case "daysBeforeNow": return .daysBeforeNow
        case "decode": return .decode(one)
        case "location": return .location
        default: return nil
        }
    }

    /// The filter as a check line writes it: `nth 1`, `split ", "`, `toDate "%Y-%m-%d"`.
    public var text: String {
        func quoted(_ text: String) -> String { JSONStringLiteral.make(text) }
        switch self {
        case .nth(let index): return "nth \(index)"
        case .split(let separator): return "split \(quoted(separator))"
        case .replace(let old, let new): return "replace \(quoted(old)) \(quoted(new))"
        case .replaceRegex(let pattern, let new): return "replaceRegex \(quoted(pattern)) \(quoted(new))"
        case .regex(let pattern): return "regex \(quoted(pattern))"
        case .urlQueryParam(let name): return "urlQueryParam \(quoted(name))"
        case .jsonpath(let path): return "jsonpath \(quoted(path))"
        case .xpath(let expression): return "xpath \(quoted(expression))"
        case .toDate(let pattern): return "toDate \(quoted(pattern))"
        case .format(let pattern): return "format \(quoted(pattern))"
        case .decode(let charset): return "decode \(quoted(charset))"
        default: return "\(self)"
        }
    }
}
