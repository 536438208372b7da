import Foundation

/// What an assertion or a capture found in a response.
public enum ObservedValue: Sendable, Equatable {
    /// The header, node or match does not exist.
    case missing
    /// A string the document typed as one (JSON, property list).
    case string(String)
    /// Text with no type of its own (a header, an XML text or attribute, a regular expression's
    /// match): compared as a number or a boolean when the expected value is one and the text reads as it.
    case text(String)
    /// A number as written.
    case number(String)
    case bool(Bool)
    case null
    /// An array (or XML element's children) with its item count and its text in the body.
    case array(count: Int, literal: String)
    case object(count: Int, literal: String)
    /// An XPath node-set, or a header sent several times: each node's string value or each header
    /// value, in order. One is compared as its text; with several, a predicate holds when it holds
    /// for one of them (as XPath compares node-sets), and `count` counts them.
    case nodes([String])
    /// Bytes (the body's, a digest, a decoded base64 text): compared with a string as lower-case hex.
    case bytes(Data)
    case date(Date)

    /// The value as a variable's text: strings unquoted, numbers as written, containers as in the body.
    public var variableText: String? {
        switch self {
        case .missing: nil
        case .string(let text), .text(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array(_, let literal), .object(_, let literal): literal
        case .nodes(let values): values.count == 1 ? values[0] : values.isEmpty ? nil : Self.literal(of: values)
        case .bytes(let data): data.hexText
        case .date(let date): ISODate.text(date)
        }
    }

    /// The items of a list (an array found in the body, a node-set, a split text), as values.
    var items: [ObservedValue]? {
        switch self {
        case .nodes(let values): return values.map(ObservedValue.text)
        case .array(_, let literal):
            guard let document = try? JSONParser.parse(Data(literal.utf8)) else { return [] }
            return document.children(of: document.root).map { ResponseFacts.value(of: $0, in: document) }
        default: return nil
        }
    }

    /// A node-set as the value its predicates compare: one node is its text, several a list of
    /// their texts (none is left as it is, for `exists` and `count`).
    var settled: ObservedValue {
        guard case .nodes(let values) = self, !values.isEmpty else { return self }
        return values.count == 1 ? .text(values[0]) : .array(count: values.count, literal: Self.literal(of: values))
    }

    private static func literal(of values: [String]) -> String { "[" + values.map(JSONStringLiteral.make).joined(separator: ",") + "]" }

    /// The value as a report shows it: strings quoted, long values cut at `limit` characters.
    public func displayText(limit: Int = 120) -> String {
        let text: String =
            switch self {
            case .missing: "nothing"
            case .string(let text), .text(let text): JSONStringLiteral.make(text)
            case .bytes(let data): "hex,\(variableText ?? "");" + (data.count > 64 ? " (\(data.count) bytes)" : "")
            case .nodes(let values) where values.count != 1:
                "\(values.count) nodes" + (values.isEmpty ? "" : " " + Self.literal(of: values))
            default: variableText ?? ""
            }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The predicate kind this value is, for `isString` and the like.
    var kind: Assertion.Predicate.ValueKind? {
        switch self {
        case .missing: nil
        case .string, .text: .string
        case .number: .number
        case .bool: .bool
        case .null: .null
        case .array: .array
        case .object: .object
        case .nodes(let values): values.isEmpty ? .array : settled.kind
        case .bytes, .date: nil
        }
    }
}
