/// What a segment selects from each input node (RFC 9535 §2.3).
public indirect enum JSONPathSelector: Hashable, Sendable {
    /// An object's member with this name.
    case name(String)
    /// Every member value or element.
    case wildcard
    /// An array's element; negative counts from the end.
    case index(Int)
    /// Array elements from `start` up to `end` by `step` (§2.3.4.2's defaults when nil).
    case slice(start: Int?, end: Int?, step: Int?)
    /// The member values or elements for which the expression is true.
    case filter(JSONPathFilter)
}
