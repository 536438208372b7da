/// A filter selector's logical expression (RFC 9535 §2.3.5), well-typed by construction.
public indirect enum JSONPathFilter: Hashable, Sendable {
    case or([JSONPathFilter])
    case and([JSONPathFilter])
    case not(JSONPathFilter)
    /// True when the query selects at least one node.
    case exists(JSONPathFilterQuery)
    /// A function whose result is a LogicalType (`match`, `search`).
    case function(JSONPathFunctionCall)
    /// A comparison (with the operators checks use).
    case compare(JSONPathComparable, Assertion.Predicate.Comparison, JSONPathComparable)
}
