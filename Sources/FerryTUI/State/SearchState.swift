/// A search of the Tree or Hex tab and where in its matches the user is.
public struct SearchState: Hashable, Sendable {
    public var id: Int
    public var kind: ViewPrompt.Kind
    public var query: String
    /// Nil while the runtime is still searching.
    public var result: SearchResult?
    public var current = 0

    /// "3/17", "0/0", "3/10000+", or "searching…".
    public var counter: String {
        guard let result else { return "searching…" }
        let count = result.matches.count
        return "\(count == 0 ? 0 : current + 1)/\(count)\(result.capped ? "+" : "")"
    }
}
