/// One response in the chain that led to the final response: a redirect, or a challenge answered with credentials.
public struct RedirectHop: Sendable, Hashable, Codable {
    /// The URL that was requested.
    public var url: String
    public var status: Int
    /// The `Location` header, as the server wrote it; empty for an authentication challenge (401, 407)
    /// that was answered with credentials.
    public var location: String
    /// The `Set-Cookie` values of this response; nil when it set none (and in older records).
    public var setCookies: [String]?

    public init(url: String, status: Int, location: String, setCookies: [String]? = nil) {
        self.url = url
        self.status = status
        self.location = location
        self.setCookies = setCookies
    }

    /// One line for people: `302 URL → LOCATION`, or `401 URL (challenge answered)`, then the
    /// cookies it set (`; sets a=1, b=2`).
    public var summary: String {
        var text = location.isEmpty ? "\(status) \(url) (challenge answered)" : "\(status) \(url) → \(location)"
        if let setCookies, !setCookies.isEmpty {
            text +=
                "; sets " + setCookies.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        }
        return text
    }
}
