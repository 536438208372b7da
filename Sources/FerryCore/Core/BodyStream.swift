/// A readable source of request-body bytes, pulled by the transport as it sends.
///
/// A stream is used from one thread at a time and read once; `RequestBody.stream` opens a fresh one
/// for every attempt (redirects that resend the body, replays).
public protocol BodyStream: AnyObject {
    /// Fills `buffer` from the front and returns how many bytes were written; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Opens a new `BodyStream` for each attempt to send, with the length known up front when it is.
public struct BodyStreamSource: Sendable {
    /// The exact number of bytes the stream yields, or nil for "unknown" (sent chunked on HTTP/1.1).
    public var length: Int64?
    public var open: @Sendable () throws -> any BodyStream

    public init(length: Int64?, open: @escaping @Sendable () throws -> any BodyStream) {
        self.length = length
        self.open = open
    }
}
