/// Request header names offered while typing a header row's name.
public enum HeaderNames {
    public static let common = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection", "Content-Encoding",
        "Content-Length", "Content-Type", "Cookie", "DNT", "Expect", "Forwarded", "From", "Host", "If-Match",
        "If-Modified-Since", "If-None-Match", "If-Range", "If-Unmodified-Since", "Origin", "Pragma", "Prefer", "Range",
        "Referer", "TE", "Upgrade", "User-Agent", "Via", "X-API-Key", "X-Correlation-ID", "X-Forwarded-For",
        "X-Forwarded-Host", "X-Forwarded-Proto", "X-Request-ID", "X-Requested-With",
    ]

    /// The names that start with what was typed (ignoring case), at most `limit`; none once a `:` is typed.
    public static func completions(for typed: String, limit: Int = 5) -> [String] {
        let prefix = typed.trimmingCharacters(in: .whitespaces).lowercased()
        guard !prefix.isEmpty, !typed.contains(":") else { return [] }
        return Array(common.filter { $0.lowercased().hasPrefix(prefix) && $0.lowercased() != prefix }.prefix(limit))
    }
}
