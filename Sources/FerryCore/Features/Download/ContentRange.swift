import Foundation

/// A `Content-Range` value (RFC 9110 §14.4): `bytes FIRST-LAST/TOTAL`, or `bytes */TOTAL` in a 416.
public struct ContentRange: Sendable, Hashable {
    /// The first and last byte this response carries; nil in `bytes */TOTAL`.
    public var first: Int64?
    public var last: Int64?
    /// The whole representation's length; nil when the server wrote `*`.
    public var total: Int64?

    /// Parses `value`; nil when it is not a byte range.
    public init?(_ value: String?) {
        guard let value else { return nil }
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes "), let slash = text.lastIndex(of: "/") else { return nil }
        let range = text[text.index(text.startIndex, offsetBy: 6)..<slash].trimmingCharacters(in: .whitespaces)
        let totalText = text[text.index(after: slash)...].trimmingCharacters(in: .whitespaces)
        if totalText != "*" {
            guard let total = Int64(totalText), total >= 0 else { return nil }
            self.total = total
        }
        if range != "*" {
            let bounds = range.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first else {
                return nil
            }
            self.first = first
            self.last = last
        } else if total == nil {
            return nil
        }
    }
}
