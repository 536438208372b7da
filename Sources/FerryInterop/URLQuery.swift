import FerryCore

/// A URL's query string as importers read it (pairs, percent-decoded, into `params`) and as the
/// text exporters write it (pairs encoded as Ferry sends them, `{{variables}}` kept).
enum URLQuery {
    /// `base` and the query's pairs, percent-decoded (Ferry encodes them again when it sends).
    static func split(_ url: String) -> (base: String, query: [(String, String)]) {
        guard let mark = url.firstIndex(of: "?") else { return (url, []) }
        let pairs = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(String(parts[0])), decoded(parts.count > 1 ? String(parts[1]) : ""))
        }
        return (String(url[..<mark]), pairs)
    }

    static func decoded(_ text: String) -> String { text.removingPercentEncoding ?? text }

    /// Sets `query` as the description's `params`, in order, and `disabled` as its `disabledParams`;
    /// a key given twice is sent twice.
    static func apply(_ query: [(String, String)], disabled: [(String, String)] = [], to description: inout RequestDescription) {
        if !disabled.isEmpty { description.disabledParams = Parameters.flat(disabled) }
        guard !query.isEmpty else { return }
        description.params = Parameters.flat(query)
        if Set(query.map(\.0)).count < query.count { description.parameterStyle.arrayStyle = .repeat }
    }

    /// Pairs percent-encoded as Ferry sends them (`a=1&b=x%20y`), `{{variables}}` left as written.
    static func encoded(_ pairs: [(String, String)]) -> String {
        let text = pairs.map { QueryStringEncoder.percentEscaped($0.0) + "=" + QueryStringEncoder.percentEscaped($0.1) }.joined(
            separator: "&")
        return text.replacingOccurrences(of: "%7B%7B", with: "{{").replacingOccurrences(of: "%7D%7D", with: "}}")
    }
}
