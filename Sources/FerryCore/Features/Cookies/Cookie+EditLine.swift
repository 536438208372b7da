import Foundation

extension Cookie {
    /// The cookie as one line to edit, in `Set-Cookie`'s words:
    /// `name=value; Domain=.example.com; Path=/; Expires=2026-12-31T23:59:59Z; Secure; HttpOnly`.
    /// A domain with a leading dot is also sent to its subdomains; no `Expires` is a session cookie.
    public var editLine: String {
        var parts = ["\(name)=\(value)", "Domain=" + (includesSubdomains ? "." : "") + domain, "Path=\(path)"]
        if let expires { parts.append("Expires=" + ISO8601DateFormatter().string(from: expires)) }
        if secure { parts.append("Secure") }
        if httpOnly { parts.append("HttpOnly") }
        return parts.joined(separator: "; ")
    }

    /// Reads an edit line (`editLine`'s form; `Expires` also as Unix seconds). Throws a message
    /// naming the part that is wrong: no `name=`, a tab or an unknown attribute, a bad date.
    public init(editLine line: String) throws(CookieJarProblem) {
        func problem(_ message: String) -> CookieJarProblem { CookieJarProblem(line: 1, column: nil, message: message) }
        let parts = line.split(separator: ";", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, let equals = first.firstIndex(of: "="), equals != first.startIndex else {
            throw problem("expected `name=value; Domain=HOST; Path=/` first")
        }
        guard !line.contains("\t"), !line.contains("\n") else { throw problem("a cookie cannot hold a tab or a line break") }
        self.init(
            domain: "", name: String(first[..<equals]).trimmingCharacters(in: .whitespaces),
            value: String(first[first.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
        for part in parts.dropFirst() {
            let attribute = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch (attribute[0].lowercased(), attribute.count == 2 ? attribute[1] : nil) {
            case ("domain", let value?) where !value.isEmpty && value != ".":
                includesSubdomains = value.hasPrefix(".")
                domain = includesSubdomains ? String(value.dropFirst()) : value
            case ("path", let value?) where value.hasPrefix("/"):
                path = value
            case ("expires", let value?):
                if let seconds = Int64(value), seconds > 0 {
                    expires = Date(timeIntervalSince1970: TimeInterval(seconds))
                } else if let date = ISO8601DateFormatter().date(from: value) {
                    expires = date
                } else if value.lowercased() != "session" {
                    throw problem("Expires=\(value): expected a date like 2026-12-31T23:59:59Z, Unix seconds, or session")
                }
            case ("secure", nil): secure = true
            case ("httponly", nil): httpOnly = true
            default:
                throw problem("`\(part)`: expected Domain=HOST, Path=/…, Expires=DATE, Secure or HttpOnly")
            }
        }
        guard !domain.isEmpty else { throw problem("Domain=HOST is missing") }
    }
}
