/// Why a query text is not valid: where (0-based, in Unicode scalars for JSONPath, in UTF-8 bytes
/// for XPath, which is characters for the ASCII most expressions are) and what was expected there,
/// or why what is there is not allowed (for JSONPath, a type error of RFC 9535 §2.4.3).
public struct QuerySyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: Int
    /// What was expected (`expected \`]\``) or what is wrong, as a sentence without its position.
    public var message: String

    public init(position: Int, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(message) at character \(position + 1)" }
}

/// Why a text is not an RFC 9535 JSONPath query.
public typealias JSONPathSyntaxError = QuerySyntaxError
