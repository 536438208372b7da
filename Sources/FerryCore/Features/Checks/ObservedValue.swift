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

    /// The value as a variable's text: strings unquoted, numbers as written, containers as in the body.
    public var variableText: String? {
        switch self {
        case .missing: nil
        case .string(let text), .text(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array(_, let literal), .object(_, let literal): literal
        }
    }

    /// The value as a report shows it: strings quoted, long values cut at `limit` characters.
    public func displayText(limit: Int = 120) -> String {
        let text: String =
            switch self {
            case .missing: "nothing"
            case .string(let text), .text(let text): JSONStringLiteral.make(text)
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
        }
    }
}
