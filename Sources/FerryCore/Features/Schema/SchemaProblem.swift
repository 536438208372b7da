/// Why a schema cannot be used: not JSON, an unknown `$schema`, a `$ref` that leads nowhere or in
/// a circle, a `pattern` that does not compile. Located in the schema's document.
public struct SchemaProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The schema document's name (a file path or URI; empty for the schema given inline).
    public var document: String
    /// Pointer to the offending node (`#/properties/id/$ref`).
    public var pointer: String
    /// 1-based line and column in the schema's text, when known.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(document: String, pointer: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.document = document
        self.pointer = pointer
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = document
        if let line, let column { place += (place.isEmpty ? "" : ":") + "\(line):\(column)" }
        place += (place.isEmpty ? "" : " ") + pointer
        return "\(place): \(message)"
    }
}
