/// A call of one of RFC 9535's function extensions (§2.4), its arguments already typed.
public indirect enum JSONPathFunctionCall: Hashable, Sendable {
    /// The length of a string (in Unicode scalars), an array or an object; Nothing otherwise.
    case length(JSONPathComparable)
    /// How many nodes the query selects.
    case count(JSONPathFilterQuery)
    /// Whether the whole string matches the I-Regexp.
    case match(JSONPathComparable, JSONPathComparable)
    /// Whether some substring matches the I-Regexp.
    case search(JSONPathComparable, JSONPathComparable)
    /// The value of the query's one node; Nothing when it selects none or several.
    case value(JSONPathFilterQuery)

    /// The functions' names, as written in a query.
    static let names = ["length", "count", "match", "search", "value"]

    /// True for the functions whose result is a LogicalType (the others give a ValueType).
    var isLogical: Bool {
        switch self {
        case .match, .search: true
        case .length, .count, .value: false
        }
    }
}
