import Foundation

/// One cookie as a jar keeps it: a line of the Netscape cookie file that `curl -b/-c` reads and writes.
public struct Cookie: Sendable, Hashable {
    /// The host it belongs to, without the leading dot curl writes for `includesSubdomains`.
    public var domain: String
    /// Also sent to the domain's subdomains (a `Domain=` attribute was given).
    public var includesSubdomains: Bool
    public var path: String
    /// Sent over https only.
    public var secure: Bool
    /// Hidden from scripts (the `#HttpOnly_` prefix in the file).
    public var httpOnly: Bool
    /// When it stops being sent; nil for a session cookie (0 in the file).
    public var expires: Date?
    public var name: String
    public var value: String

    public init(
        domain: String, includesSubdomains: Bool = false, path: String = "/", secure: Bool = false, httpOnly: Bool = false,
        expires: Date? = nil, name: String, value: String
    ) {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
        self.name = name
        self.value = value
    }

    private static let httpOnlyPrefix = "#HttpOnly_"

    /// Reads one Netscape line: seven tab-separated fields, the domain maybe prefixed `#HttpOnly_`.
    /// Returns nil for a comment or an empty line; throws a message for a malformed one.
    public init?(netscapeLine line: String) throws(CookieJarProblem) {
        var text = Substring(line)
        var httpOnly = false
        if text.hasPrefix(Self.httpOnlyPrefix) {
            httpOnly = true
            text = text.dropFirst(Self.httpOnlyPrefix.count)
        } else if text.hasPrefix("#") || text.allSatisfy(\.isWhitespace) {
            return nil
        }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 7 else {
            throw CookieJarProblem(
                line: 1, column: nil,
                message: "expected 7 tab-separated fields (domain, subdomains, path, secure, expires, name, value), found \(fields.count)")
        }
        func flag(_ index: Int) throws(CookieJarProblem) -> Bool {
            switch fields[index].uppercased() {
            case "TRUE": return true
            case "FALSE": return false
            default:
                throw CookieJarProblem(
                    line: 1, column: Self.column(of: index, in: fields, offset: httpOnly ? Self.httpOnlyPrefix.count : 0),
                    message: "expected TRUE or FALSE, found `\(fields[index])`")
            }
        }
        guard let seconds = Int64(fields[4]), seconds >= 0 else {
            throw CookieJarProblem(
                line: 1, column: Self.column(of: 4, in: fields, offset: httpOnly ? Self.httpOnlyPrefix.count : 0),
                message: "expected the expiry in seconds since 1970 (0 for a session cookie), found `\(fields[4])`")
        }
        var domain = fields[0]
        let subdomains = try flag(1)
        if domain.hasPrefix(".") { domain.removeFirst() }
        guard !domain.isEmpty else { throw CookieJarProblem(line: 1, column: 1, message: "the domain is empty") }
        self.init(
            domain: domain, includesSubdomains: subdomains, path: fields[2], secure: try flag(3), httpOnly: httpOnly,
            expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)), name: fields[5], value: fields[6])
    }

    /// The Netscape line (no newline), as curl writes it.
    public var netscapeLine: String {
        let domainField = (httpOnly ? Self.httpOnlyPrefix : "") + (includesSubdomains ? "." : "") + domain
        let seconds = expires.map { Int64($0.timeIntervalSince1970) } ?? 0
        return [domainField, includesSubdomains ? "TRUE" : "FALSE", path, secure ? "TRUE" : "FALSE", String(seconds), name, value]
            .joined(separator: "\t")
    }

    /// One line for people: `name=value  domain/path  expiry  flags`.
    public var summary: String {
        let expiry = expires.map { "expires " + ISO8601DateFormatter().string(from: $0) } ?? "session"
        let flags = [secure ? "secure" : nil, httpOnly ? "httpOnly" : nil].compactMap { $0 }
        return (["\(name)=\(value)", (includesSubdomains ? "." : "") + domain + path, expiry] + flags).joined(separator: "  ")
    }

    private static func column(of field: Int, in fields: [String], offset: Int) -> Int {
        offset + fields.prefix(field).reduce(0) { $0 + $1.count + 1 } + 1
    }
}
