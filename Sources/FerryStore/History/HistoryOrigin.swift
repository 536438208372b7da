import Foundation

/// Where an exchange came from: the collection, the request's path in it, the environment and the run.
public struct HistoryOrigin: Sendable, Equatable {
    public var collection: String?
    public var requestPath: String?
    public var environment: String?
    /// The `ferry run` the exchange belonged to.
    public var run: String?

    public init(collection: String? = nil, requestPath: String? = nil, environment: String? = nil, run: String? = nil) {
        self.collection = collection
        self.requestPath = requestPath
        self.environment = environment
        self.run = run
    }

    /// An exchange typed on the command line or in the TUI's editor: no collection.
    public static let adHoc = HistoryOrigin()

    /// A short id, unique enough to find a run in the history: the time and four random hex digits.
    public static func newRunID(now: Date = Date()) -> String {
        let stamp = Int(now.timeIntervalSince1970)
        // Not `String(format:)`: its first use in a process was 6% of a one-request run's instructions.
        let random = String(Int.random(in: 0..<0x10000), radix: 16)
        return String(stamp, radix: 36) + "-" + String(repeating: "0", count: 4 - random.count) + random
    }
}
