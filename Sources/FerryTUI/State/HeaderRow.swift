import FerryCore
import Foundation

/// One row of the request's header table: a description's header entry (disabled rows are kept but
/// not sent), edited as one line.
public typealias HeaderRow = RequestDescription.HeaderEntry

extension HeaderRow {
    /// The row as edited in one line: `Name: value`.
    public var line: String { name.isEmpty && value.isEmpty ? "" : "\(name): \(value)" }

    /// Parses `Name: value` (the value may be empty); the name is trimmed.
    public init(line: String, enabled: Bool = true) {
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(
            name: parts[0].trimmingCharacters(in: .whitespaces),
            value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "", enabled: enabled)
    }
}
