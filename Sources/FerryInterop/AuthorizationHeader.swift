import FerryCore
import Foundation

/// Reads an `Authorization` header written by hand in a request file of another tool as Ferry's
/// credentials (applied when sent, redacted in history): `Bearer TOKEN`, `Basic BASE64`, and the
/// unencoded `Basic USER:PASSWORD` and `Basic USER PASSWORD` that the JetBrains HTTP Client and
/// VS Code REST Client encode themselves.
enum AuthorizationHeader {
    /// The credentials `value` stands for; nil when it is another scheme (kept as a header).
    static func credentials(_ value: String) -> Authentication? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let scheme = text.prefix { !$0.isWhitespace }
        let rest = text.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty else { return nil }
        switch scheme.lowercased() {
        case "bearer" where !rest.contains(where: \.isWhitespace):
            return .bearer(token: rest)
        case "basic":
            if let data = Data(base64Encoded: rest), let decoded = String(data: data, encoding: .utf8),
                let colon = decoded.firstIndex(of: ":")
            {
                return .basic(username: String(decoded[..<colon]), password: String(decoded[decoded.index(after: colon)...]))
            }
            let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
            if words.count == 2 { return .basic(username: words[0], password: words[1].trimmingCharacters(in: .whitespaces)) }
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            return .basic(username: String(rest[..<colon]), password: String(rest[rest.index(after: colon)...]))
        default:
            return nil
        }
    }
}
