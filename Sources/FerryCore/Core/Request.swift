import Foundation

/// A request as the user composed it: everything the transport needs to send it.
public struct Request: Sendable {
    public var method: HTTPMethod
    public var url: URL
    /// Sent in order. A field with an empty value removes that header, including one the transport
    /// would add itself (`Accept`, `User-Agent`).
    public var headers: HTTPHeaders
    public var body: RequestBody
    public var options: RequestOptions
    /// Authentication applied when the request is sent (`authenticated()`), not baked into `headers`.
    public var authentication: Authentication?
    /// The cookies it goes out with; nil for the transport's session jar.
    public var cookies: RequestCookies?
    /// The request's own cookies (a request file's `cookies:`), `a=1; b=2`: sent through libcurl's
    /// cookie option together with whatever jar `cookies` chooses, so that, as Hurl's `[Cookies]`,
    /// they go on across a redirect to another host (a `Cookie` header does not). Never kept in a jar.
    public var ownCookies: String?
    /// `USER:PASSWORD` for the proxy (`--proxy-user`), applied when sent and never recorded.
    public var proxyUser: String?
    /// The passphrase of the client certificate's key (`--pass`), applied when sent and never recorded.
    public var clientKeyPassphrase: String?

    public init(
        method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: RequestBody = .none,
        options: RequestOptions = RequestOptions(),
        authentication: Authentication? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.options = options
        self.authentication = authentication
    }

    /// Parses `string` as an absolute http, https, ws, wss, grpc or grpcs URL (http when it names no scheme), or throws
    /// `FerryError.invalidRequest`.
    public static func parseURL(_ string: String) throws -> URL {
        let trimmed = string.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw FerryError.invalidRequest(reason: .malformedURL(string, problem: "the URL is empty")) }
        if let control = trimmed.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
            let shown = "\\x" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 2, with: "0")
            throw FerryError.invalidRequest(
                reason: .malformedURL(
                    string, problem: "it contains the control character \(shown) (no header injection); percent-encode it"))
        }
        let written = withDefaultScheme(trimmed)
        let invalid = "it is not a valid URL (spaces and some characters must be percent-encoded)"
        guard let url = URL(string: written) else { throw FerryError.invalidRequest(reason: .malformedURL(string, problem: invalid)) }
        guard let scheme = url.scheme?.lowercased() else {
            if trimmed.contains(where: \.isWhitespace) { throw FerryError.invalidRequest(reason: .malformedURL(string, problem: invalid)) }
            throw FerryError.invalidRequest(
                reason: .malformedURL(
                    string,
                    problem: "it is relative: write the whole URL (http://host/…) or give a base URL (--base-url, a collection's baseURL)"))
        }
        guard ["http", "https", "ws", "wss", "grpc", "grpcs"].contains(scheme) else {
            throw FerryError.invalidRequest(reason: .unsupportedScheme(scheme))
        }
        guard url.host(percentEncoded: true)?.isEmpty == false else {  // as written: nothing to decode to see it is there
            throw FerryError.invalidRequest(reason: .malformedURL(string, problem: "it has no host"))
        }
        if let port = url.port, !(1...65535).contains(port) {
            throw FerryError.invalidRequest(reason: .malformedURL(string, problem: "the port \(port) is not between 1 and 65535"))
        }
        return url
    }

    /// `text` with `http://` in front when it starts with a host and names no scheme, as curl takes
    /// `localhost:8080/get` and `example.com`, and with `http://localhost` when it starts with a port,
    /// as HTTPie takes `:8080/get`; anything else (`v1/items`, a relative URL) as it is.
    private static func withDefaultScheme(_ text: String) -> String {
        if text.hasPrefix(":"), text.dropFirst().first?.isNumber == true { return "http://localhost" + text }
        return namesAScheme(text) || !startsWithHost(text) ? text : "http://" + text
    }

    /// True when `text` starts with a scheme (`https:`, `mailto:`), not with a host and a port (`localhost:8080`).
    /// Both this and `startsWithHost` look at UTF-8 bytes: every request of a run is parsed here.
    private static func namesAScheme(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, isASCIILetter(first), let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let isSchemeByte = { (byte: UInt8) in
            isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard bytes[..<colon].allSatisfy(isSchemeByte) else { return false }
        let next = bytes.index(after: colon)
        return next == bytes.endIndex || !isASCIIDigit(bytes[next])
    }

    /// True when what comes before the first `/` looks like a host rather than a path segment:
    /// `localhost`, a name or address with a dot, a port, or an IPv6 address in brackets.
    private static func startsWithHost(_ text: String) -> Bool {
        let authority = text.utf8.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let localhost = "localhost".utf8
        return authority.count >= localhost.count && zip(authority, localhost).allSatisfy { $0 | 0x20 == $1 }
            || authority.first == UInt8(ascii: "[") || authority.contains(UInt8(ascii: ".")) || authority.contains(UInt8(ascii: ":"))
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Checks what the transport cannot: the method token and header syntax, credentials included
    /// (no CR/LF injection).
    public func validate() throws {
        guard method.isValidToken else { throw FerryError.invalidRequest(reason: .invalidMethod(method.rawValue)) }
        for field in authenticated().headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                throw FerryError.invalidRequest(reason: .invalidHeaderName(field.name))
            }
            guard field.value.utf8.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw FerryError.invalidRequest(reason: .invalidHeaderValue(name: field.name))
            }
        }
    }
}
