/// How much history is kept: the newest entries within both limits survive.
public struct HistoryRetention: Sendable, Equatable {
    /// The most entries kept; nil for no limit.
    public var maxEntries: Int?
    /// The most bytes of stored entries kept (heads and capped bodies); nil for no limit.
    public var maxBytes: Int64?

    public init(maxEntries: Int?, maxBytes: Int64?) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// Applied as entries are recorded: 10 000 entries, 500 MiB.
    public static let standard = HistoryRetention(maxEntries: 10_000, maxBytes: 500 << 20)
    public static let unlimited = HistoryRetention(maxEntries: nil, maxBytes: nil)
}
