/// Watches a response as it arrives, for streams: a transport calls it on its own thread, in order,
/// while the exchange runs; the response is still returned whole (or, when the transfer is stopped,
/// with what arrived) when it ends.
public protocol ResponseStreamObserver: AnyObject, Sendable {
    /// A response head is complete. Each redirect hop has one; the body that follows belongs to the last.
    /// `time` is microseconds since the request started. Returning true asks for the body as it
    /// arrives, and for the response with what arrived when the transfer is stopped (cancelled).
    func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool
    /// Body bytes of a head it asked for arrived (decoded, when the response was compressed).
    func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64)
    /// A call whose answer the transport cuts into messages itself began (a gRPC call: `headers` is
    /// its head). Returning true asks for its messages through `responseBodyArrived`, each decoded
    /// to one line of JSON (`StreamFraming.grpc`). By default an observer does not ask.
    func messageStreamStarted(headers: HTTPHeaders, time: Int64) -> Bool
}

extension ResponseStreamObserver {
    public func messageStreamStarted(headers: HTTPHeaders, time: Int64) -> Bool { false }
}
