/// One row of the Params tab: a key and a value at a nesting depth, sent only when enabled.
public struct ParamRow: Hashable, Sendable {
    public var key: String
    public var value: String
    /// 0 for a top-level parameter; a row nests under the nearest row above it one level up.
    public var depth: Int
    public var enabled: Bool

    public init(key: String, value: String, depth: Int = 0, enabled: Bool = true) {
        self.key = key
        self.value = value
        self.depth = depth
        self.enabled = enabled
    }

    /// The row as edited on one line: `key=value` (a key without `=` has an empty value).
    public var line: String { value.isEmpty ? key : key + "=" + value }

    /// Reads a `key=value` line into this row's key and value.
    public mutating func set(line: String) {
        guard let equals = line.firstIndex(of: "=") else {
            key = line.trimmingCharacters(in: .whitespaces)
            value = ""
            return
        }
        key = line[..<equals].trimmingCharacters(in: .whitespaces)
        value = String(line[line.index(after: equals)...])
    }
}
