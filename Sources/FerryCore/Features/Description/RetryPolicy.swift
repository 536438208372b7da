/// How often `ferry run` sends a request again while its validation or checks fail, and how long it
/// waits in between (`retry: {count: 5, interval: 500}`).
public struct RetryPolicy: Sendable, Hashable {
    /// Sends after the first.
    public var count: Int
    /// Milliseconds between sends.
    public var interval: Int

    public init(count: Int, interval: Int = 1000) {
        self.count = count
        self.interval = interval
    }
}
