/// One side of a comparison, or a function's ValueType argument: a literal, a singular query or a
/// function whose result is a ValueType.
public indirect enum JSONPathComparable: Hashable, Sendable {
    case literal(JSONPathLiteral)
    case query(JSONPathFilterQuery)
    case function(JSONPathFunctionCall)
}

/// A literal value in a filter.
public enum JSONPathLiteral: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
}
