import Foundation

extension ValueFilter {
    /// What the filter makes of `value`; throws, naming the filter, when it cannot apply to it.
    /// `locations` maps each URL the exchange was redirected from to where it led (`location`).
    func apply(to value: ObservedValue, now: Date = Date(), locations: [String: String] = [:]) throws(CheckProblem) -> ObservedValue {
        if case .missing = value { return .missing }
        let settled = value.settled
        switch self {
        case .location:
            guard let target = locations[try string(settled)] else {
                throw CheckProblem("location: \(value.displayText()) is not a URL this exchange was redirected from")
            }
            return .string(target)
        case .count:
            if case .bytes(let data) = value { return .number(String(data.count)) }
            guard let items = value.items else { throw refused(value) }
            return .number(String(items.count))
        case .first, .last, .nth:
            guard let items = value.items else { throw refused(value) }
            let index: Int =
                switch self {
                case .first: 0
                case .last: items.count - 1
                case .nth(let position): position < 0 ? items.count + position : position
                default: 0
                }
            guard items.indices.contains(index) else { throw CheckProblem("\(text): there is no item \(index) in \(value.displayText())") }
            return items[index]
        case .split(let separator):
            let parts = try string(settled).components(separatedBy: separator)
            return .array(count: parts.count, literal: "[" + parts.map(JSONStringLiteral.make).joined(separator: ",") + "]")
        case .replace(let old, let new): return .string(try string(settled).replacingOccurrences(of: old, with: new))
        case .replaceRegex(let pattern, let new):
            return .string(try RegexSearch.replacing(try RegexSearch.compile(pattern), in: try string(settled), with: new))
        case .regex(let pattern):
            return try RegexSearch.firstGroup(try RegexSearch.compile(pattern), in: try string(settled)).map(ObservedValue.string)
                ?? .missing
        case .urlEncode:
            var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
            allowed.insert(charactersIn: "-._~/")
            return .string(try string(settled).addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        case .urlDecode:
            guard let decoded = try string(settled).removingPercentEncoding else {
                throw CheckProblem("urlDecode: \(value.displayText()) is not percent-encoded UTF-8")
            }
            return .string(decoded)
        case .urlQueryParam(let name):
            let url = try string(settled)
            let query = url.firstIndex(of: "?").map { url[url.index(after: $0)...].prefix { $0 != "#" } } ?? Substring(url)
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
                if (parts[0].removingPercentEncoding ?? parts[0]) == name {
                    let value = parts.count > 1 ? parts[1] : ""
                    return .string(value.removingPercentEncoding ?? value)
                }
            }
            return .missing
        case .base64Encode: return .string(try bytes(value).base64EncodedString())
        case .base64UrlSafeEncode: return .string(Self.urlSafe(try bytes(value).base64EncodedString()))
        case .base64Decode, .base64UrlSafeDecode:
            var text = try string(settled).trimmingCharacters(in: .whitespacesAndNewlines)
            if self == .base64UrlSafeDecode {
                text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            }
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard let data = Data(base64Encoded: text) else { throw CheckProblem("\(self.text): \(value.displayText()) is not base64") }
            return .bytes(data)
        case .toHex: return .string(try bytes(value).hexText)
        case .htmlEscape: return .string(HTMLEntities.escape(try string(settled)))
        case .htmlUnescape: return .string(HTMLEntities.unescape(try string(settled)))
        case .jsonpath(let path):
            let text = try string(settled)
            do {
                return try ResponseFacts.value(atPath: path, in: try JSONParser.parse(Data(text.utf8)))
            } catch let problem as CheckProblem {
                throw problem
            } catch {
                throw CheckProblem("jsonpath: \(value.displayText()) is not JSON")
            }
        case .xpath(let expression):
            return try ResponseFacts.value(ofXPath: expression, in: XPathBody(body: Data(try string(settled).utf8), contentType: nil))
        case .toInt:
            let text = try string(settled)
            if let integer = Int(text) { return .number(String(integer)) }
            guard case .number = settled, let number = Double(text), number.isFinite else {
                throw CheckProblem("toInt: \(value.displayText()) is not an integer")
            }
            return .number(String(Int(number.rounded(.towardZero))))
        case .toFloat:
            let text = try string(settled)
            guard DecimalNumber(text) != nil else { throw CheckProblem("toFloat: \(value.displayText()) is not a number") }
            return .number(text)
        case .toString: return .string(try string(settled))
        case .toDate(let pattern):
            let text = try string(settled)
            guard let date = DatePattern(pattern).date(from: text) else {
                throw CheckProblem("toDate: \(value.displayText()) is not a date in the format \(pattern)")
            }
            return .date(date)
        case .format(let pattern): return .string(DatePattern(pattern).string(from: try date(value)))
        case .daysAfterNow, .daysBeforeNow:
            let seconds = try date(value).timeIntervalSince(now)
            return .number(String(Int((self == .daysAfterNow ? seconds : -seconds) / 86_400)))
        case .decode(let charset):
            guard let encoding = Self.encoding(charset) else { throw CheckProblem("decode: `\(charset)` is not a charset Ferry knows") }
            guard let text = String(data: try bytes(value), encoding: encoding) else {
                throw CheckProblem("decode: the bytes are not \(charset)")
            }
            return .string(text)
        }
    }

    private func refused(_ value: ObservedValue) -> CheckProblem {
        CheckProblem("\(text) applies to lists, not to \(value.displayText())")
    }

    private func string(_ value: ObservedValue) throws(CheckProblem) -> String {
        switch value {
        case .string(let text), .text(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .date: return value.variableText ?? ""
        case .bytes(let data):
            guard let text = String(data: data, encoding: .utf8) else { throw CheckProblem("\(self.text): the bytes are not UTF-8 text") }
            return text
        default: throw CheckProblem("\(self.text) applies to strings, not to \(value.displayText())")
        }
    }

    private func bytes(_ value: ObservedValue) throws(CheckProblem) -> Data {
        if case .bytes(let data) = value { return data }
        return Data(try string(value.settled).utf8)
    }

    private func date(_ value: ObservedValue) throws(CheckProblem) -> Date {
        if case .date(let date) = value { return date }
        guard let text = try? string(value.settled), let date = ISODate.parse(text) else {
            throw CheckProblem("\(self.text) applies to dates (toDate makes one), not to \(value.displayText())")
        }
        return date
    }

    private static func urlSafe(_ base64: String) -> String {
        String(base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").prefix { $0 != "=" })
    }

    /// The encoding of a charset name, for `decode` and the body's text.
    static func encoding(_ charset: String) -> String.Encoding? {
        switch charset.lowercased() {
        case "utf-8", "utf8": .utf8
        case "iso-8859-1", "latin1", "latin-1", "iso_8859-1": .isoLatin1
        case "windows-1252", "cp1252": .windowsCP1252
        case "us-ascii", "ascii": .ascii
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "iso-8859-2", "latin2": .isoLatin2
        case "shift_jis", "shift-jis": .shiftJIS
        case "euc-jp": .japaneseEUC
        default: nil
        }
    }
}
