import Foundation

/// One row of the request's header table; disabled rows are kept but not sent.
public struct HeaderRow: Hashable, Sendable {
    public var name: String
    public var value: String
    public var enabled: Bool

    public init(name: String, value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }

    /// The row as edited in one line: `Name: value`.
    public var line: String { name.isEmpty && value.isEmpty ? "" : "\(name): \(value)" }

    /// Parses `Name: value` (the value may be empty); the name is trimmed.
    public init(line: String, enabled: Bool = true) {
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(name: parts[0].trimmingCharacters(in: .whitespaces),
                  value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "", enabled: enabled)
    }
}
