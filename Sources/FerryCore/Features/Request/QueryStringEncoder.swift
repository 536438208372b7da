/// Turns `Parameters` into `application/x-www-form-urlencoded` text exactly as AFNetworking's
/// `AFQueryStringFromParameters` does (`AFQueryStringPairsFromKeyAndValue` +
/// `AFPercentEscapedStringFromString`), with array styles and key order as options.
public struct QueryStringEncoder: Sendable {
    /// How array elements are named.
    public enum ArrayStyle: String, Sendable, CaseIterable {
        /// `a[]=1&a[]=2` (AFNetworking).
        case brackets
        /// `a=1&a=2`.
        case `repeat`
        /// `a[0]=1&a[1]=2`.
        case indices
        /// `a=1,2` for arrays of scalars (commas inside values are escaped); other arrays use brackets.
        case comma
    }

    public var arrayStyle: ArrayStyle
    /// Keep object keys in the order given instead of sorting them (AFNetworking sorts).
    public var keepsKeyOrder: Bool

    public init(arrayStyle: ArrayStyle = .brackets, keepsKeyOrder: Bool = false) {
        self.arrayStyle = arrayStyle
        self.keepsKeyOrder = keepsKeyOrder
    }

    /// The encoded query (without `?`). The top level must be an object.
    public func encode(_ parameters: Parameters) throws -> String {
        guard case .object = parameters else {
            throw FerryError.requestSerializationFailed(
                reason: .invalidParameters(problem: "form and query parameters must be an object of names and values"))
        }
        return pairs(key: nil, value: parameters).map { field, values in
            values.map { "\(Self.percentEscaped(field))=" + $0.map(Self.percentEscaped).joined(separator: ",") }
                ?? Self.percentEscaped(field)
        }.joined(separator: "&")
    }

    /// The flattened pairs, unescaped: a field and its value, or nil for a bare key (from null). The
    /// value is one text, or several joined by a literal comma in the comma style.
    public func pairs(key: String?, value: Parameters) -> [(field: String, values: [String]?)] {
        switch value {
        case .object(let entries):
            let ordered = keepsKeyOrder ? entries : entries.sorted { $0.key < $1.key }
            return ordered.flatMap { entry in pairs(key: key.map { "\($0)[\(entry.key)]" } ?? entry.key, value: entry.value) }
        case .array(let items):
            let key = key ?? ""
            if arrayStyle == .comma, let texts = commaTexts(items) {
                return [(key, texts)]
            }
            return items.enumerated().flatMap { index, item in
                switch arrayStyle {
                case .brackets, .comma: pairs(key: "\(key)[]", value: item)
                case .repeat: pairs(key: key, value: item)
                case .indices: pairs(key: "\(key)[\(index)]", value: item)
                }
            }
        case .null:
            return [(key ?? "", nil)]
        case .string, .number, .bool:
            return [(key ?? "", value.scalarText.map { [$0] })]
        }
    }

    /// Each element's text, for the comma style; nil when an element is an object or array.
    private func commaTexts(_ items: [Parameters]) -> [String]? {
        var texts: [String] = []
        for item in items {
            if case .null = item { texts.append(""); continue }
            guard let text = item.scalarText else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// RFC 3986 escaping as AFNetworking does it: the query-allowed set minus `:#[]@` and
    /// `!$&'()*+,;=`, so only letters, digits, `-._~`, `?` and `/` stay. Everything else is escaped
    /// as UTF-8 bytes; Swift strings are whole scalars, so emoji and combining sequences are never
    /// split (AF batches by composed character sequences for the same reason).
    public static func percentEscaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnescaped(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result.unicodeScalars.append(hexDigit(byte >> 4))
                result.unicodeScalars.append(hexDigit(byte & 0xF))
            }
        }
        return result
    }

    private static func isUnescaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10)
    }
}
