import Synchronization

extension JSONPathQuery {
    /// The queries parsed so far, by text: the checks and captures of a request file read the same
    /// paths in every exchange of a run (`--repeat`, a data file's rows), and parsing a query cost more
    /// than evaluating it on a small body. Emptied when it holds `memoLimit` of them.
    private static let memo = Mutex<[String: JSONPathQuery]>([:])
    static let memoLimit = 256

    /// The query `text` parses to, parsed once in a process; throws as `init(_:)` does, every time.
    public static func parsed(_ text: String) throws(JSONPathSyntaxError) -> JSONPathQuery {
        if let known = memo.withLock({ $0[text] }) { return known }
        let query = try JSONPathQuery(text)
        memo.withLock { known in
            if known.count >= memoLimit { known.removeAll(keepingCapacity: true) }
            known[text] = query
        }
        return query
    }
}
