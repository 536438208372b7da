/// One of the own client's `-c` connections: its socket (kept alive between requests), the request it
/// carries, how far that request was written, and the reader of its response. Used on its worker's thread only.
final class LoadConnection {
    enum State {
        /// No request: free, its socket (if any) kept alive.
        case idle
        case connecting
        case sending
        case receiving
    }

    var socket: Int32 = -1
    var state = State.idle
    /// The endpoint the socket is connected to, and the address tried (index into its addresses).
    var endpoint = -1
    var address = 0
    /// Addresses tried for this connect.
    var attempts = 0
    /// The epoll interest registered for the socket (0 none, 1 read, 2 write).
    var watching: Int32 = 0
    /// The current request: its target, when it was due (uptime nanoseconds), whether its response is sampled.
    var target = 0
    var due: UInt64 = 0
    var sampling = false
    /// Request bytes written so far.
    var written = 0
    /// Responses read on this socket: a request on a reused socket that gets nothing back is sent again once.
    var responses = 0
    var retried = false
    /// When the current request times out (uptime nanoseconds): the sooner of its connect and total
    /// timeouts while connecting, the total one after.
    var deadline: UInt64?
    var totalDeadline: UInt64?
    var reader = LoadResponseReader()
}
