import Foundation

/// One recorded exchange as the history pane lists it.
public struct HistoryRow: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var method: String
    /// Nil when the exchange failed before a response.
    public var status: Int?
    public var url: String

    public init(id: Int64, time: Date, method: String, status: Int?, url: String) {
        self.id = id
        self.time = time
        self.method = method
        self.status = status
        self.url = url
    }
}
