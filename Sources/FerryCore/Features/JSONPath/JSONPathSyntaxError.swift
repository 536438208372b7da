/// Why a JSONPath query text is not a valid RFC 9535 query: where (0-based, in Unicode scalars) and
/// what was expected there, or why what is there is not allowed (a type error of §2.4.3).
public struct JSONPathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: Int
    /// What was expected (`expected \`]\``) or what is wrong, as a sentence without its position.
    public var message: String

    public init(position: Int, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(message) at character \(position + 1)" }
}
