extension Timeline {
    /// One request/response of a redirect chain (or the only one), in microseconds from the moment
    /// the transport started the transfer (after `queue`). Hops follow each other: a hop starts where
    /// the one before it ended, so set-up for a new connection (DNS, connect, TLS) is in its hop.
    public struct Hop: Sendable, Hashable, Codable {
        /// The answer's status, when a head was received.
        public var status: Int?
        /// The URL requested.
        public var url: String
        public var start: Int64
        /// When the request head was written (set-up before it: DNS, connect, TLS).
        public var sent: Int64
        /// When the first byte of the answer arrived, or nil when none did.
        public var firstByte: Int64?
        /// When the hop ended: its answer's head was complete (a redirect), or the transfer ended (the last hop).
        public var end: Int64

        public init(status: Int?, url: String, start: Int64, sent: Int64, firstByte: Int64?, end: Int64) {
            self.status = status
            self.url = url
            self.start = start
            let sent = max(start, sent)
            let firstByte = firstByte.map { max(sent, $0) }
            self.sent = sent
            self.firstByte = firstByte
            self.end = max(firstByte ?? sent, end)
        }

        public var duration: Int64 { end - start }
    }
}
