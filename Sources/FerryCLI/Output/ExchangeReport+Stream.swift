import FerryCore
import Foundation

extension ExchangeReport {
    /// A streamed body in the report: how it was cut into events, how many, and whether the user stopped it.
    public struct StreamPart: Codable, Sendable {
        public var framing: String
        public var events: Int
        public var stoppedByUser: Bool
    }

    /// One line of JSON with stable key order: the last line `ferry send --json` writes after a stream's events.
    public func encodedLine() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
