/// An HTTP request method. Any token is allowed; the common ones have names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let patch = HTTPMethod("PATCH")
    public static let delete = HTTPMethod("DELETE")
    public static let options = HTTPMethod("OPTIONS")
    public static let trace = HTTPMethod("TRACE")
    public static let connect = HTTPMethod("CONNECT")

    public var description: String { rawValue }

    /// True when the method is a valid RFC 9110 token.
    public var isValidToken: Bool { !rawValue.isEmpty && rawValue.utf8.allSatisfy(HTTPToken.isTokenByte) }
}
