import Foundation

/// A set of acceptable status codes written as ranges and single codes: `200-299,304`.
public struct StatusCodeSet: Hashable, Sendable, CustomStringConvertible {
    public private(set) var ranges: [ClosedRange<Int>]

    public init(_ ranges: [ClosedRange<Int>]) { self.ranges = ranges }

    /// AFNetworking's default: 200–299.
    public static let success = StatusCodeSet([200...299])

    /// Parses `200-299,304` (spaces allowed); nil when a piece is not a code or range of 100–599.
    public init?(parsing text: String) {
        var ranges: [ClosedRange<Int>] = []
        for piece in text.split(separator: ",") {
            let bounds = piece.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(bounds.count), let low = bounds[0], let high = bounds.last ?? nil,
                low <= high, low >= 100, high <= 599
            else { return nil }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
    }

    public func contains(_ code: Int) -> Bool { ranges.contains { $0.contains(code) } }

    public var description: String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
    }
}
