import FerryCore
import Foundation
import Synchronization

/// Makes gRPC calls over any `Transport` (libcurl's HTTP/2 in Ferry): the call's messages framed
/// into the request body, the answer's frames cut as they arrive and handed over one by one, the
/// status read from the trailers (or a trailers-only head).
public struct GRPCClient: Sendable {
    /// How a call ended.
    public struct Outcome: Sendable {
        /// The HTTP exchange: headers, trailers, timeline, address (nil when the deadline ended it).
        public var response: Response?
        public var status: GRPCStatus
        public var messageCount: Int
    }

    public let transport: any Transport

    public init(transport: any Transport) { self.transport = transport }

    /// Runs `call`; `received` gets each answer's message as it arrives, with the time since the
    /// call began (µs), and `delivered` is told when the messages of one arrival of bytes were all
    /// handed over (so that they can be passed on in one batch). Throws a `FerryError` when the transport fails, a `ProtoCodecError` when the
    /// answer is not gRPC (HTTP/1.1, a malformed or oversized frame, a compressed frame).
    public func run(
        _ call: GRPCCall, head: (@Sendable (HeaderLine.Status, HTTPHeaders) -> Void)? = nil,
        received: @escaping @Sendable ([UInt8], Int64) -> Void, delivered: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> Outcome {
        if call.wireFormat.isWeb, case .streamed = call.messages {
            throw ProtoCodecError("gRPC-Web carries unary and server-streaming calls only: this method streams its requests")
        }
        let observer = FrameObserver(
            maximumMessageSize: call.maximumMessageSize, wireFormat: call.wireFormat, head: head, received: received,
            delivered: delivered)
        let request = call.request()
        let transport = self.transport
        let response: Response
        do {
            // Child tasks run on the caller's executor (the transport's thread in a run), so a call hops no
            // thread: the transfer, and a wait that stops it when an answer is refused.
            response = try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await transport.send(request, receivingInto: .default, progress: nil, observer: observer) }
                group.addTask {
                    await observer.refusal()
                    return nil
                }
                defer { group.cancelAll() }
                while let finished = try await group.next() {
                    if let response = finished { return response }
                    group.cancelAll()
                }
                throw FerryError.explicitlyCancelled
            }
        } catch let error as FerryError {
            if let failure = observer.failure { throw failure }
            guard case .transportFailed(var reason) = error else { throw error }
            if let status = try observer.headFields.flatMap(GRPCStatus.init(fields:)) {
                // A trailers-only answer (UNIMPLEMENTED, say) may come while the request is still going out;
                // the server then resets the stream, which libcurl 7.88 reports as a failure of the transfer.
                return Outcome(response: nil, status: status, messageCount: observer.count)
            }
            if reason.kind == .timedOut, call.timeout != nil {
                return Outcome(
                    response: nil,
                    status: GRPCStatus(code: 4, message: "the deadline passed before the server ended the call"),
                    messageCount: observer.count)
            }
            if [.emptyReply, .receiveFailed].contains(reason.kind), !call.target.isTLS, !call.wireFormat.isWeb {
                // An HTTP/1.1 server answers the HTTP/2 preface with something libcurl cannot read as HTTP/2.
                reason.detail +=
                    (reason.detail.isEmpty ? "" : "; ")
                    + "gRPC needs HTTP/2 from the first byte: is this an HTTP/1.1 server rather than a gRPC one?"
            } else if reason.kind == .http2Error {
                // grpcio answers some calls (UNIMPLEMENTED) before reading the request, then resets the stream;
                // libcurl 7.88 then loses the answer if the request was still going out (DECISIONS.md).
                reason.detail +=
                    (reason.detail.isEmpty ? "" : "; ")
                    + "the server reset the call's stream, perhaps after answering before the request was sent whole"
            }
            throw FerryError.transportFailed(reason: reason)
        }
        if let failure = observer.failure { throw failure }
        if call.wireFormat.isWeb { return try webOutcome(response, observer: observer) }
        guard response.httpVersion.hasPrefix("HTTP/2") else {
            throw ProtoCodecError(
                "the server answered in \(response.httpVersion) (status \(response.status)); gRPC needs HTTP/2: is this a gRPC server?")
        }
        if Task.isCancelled, try GRPCStatus(fields: response.trailers) == nil {
            // Stopped (Esc in the TUI): the response holds what arrived until then.
            return Outcome(
                response: response, status: GRPCStatus(code: 1, message: "the call was stopped before the server ended it"),
                messageCount: observer.count)
        }
        if observer.pending > 0 {
            throw ProtoCodecError("the answer ends inside a gRPC frame (\(observer.pending) bytes of it left over)")
        }
        let status = try GRPCStatus(fields: response.trailers) ?? GRPCStatus(fields: response.headers) ?? Self.missingStatus(response)
        return Outcome(response: response, status: status, messageCount: observer.count)
    }

    /// How a gRPC-Web call ended: the status from the body's trailer frame (which becomes the
    /// response's trailers), or from the head of a trailers-only answer.
    private func webOutcome(_ response: Response, observer: FrameObserver) throws -> Outcome {
        var response = response
        if observer.pending > 0 {
            throw ProtoCodecError("the gRPC-Web answer ends inside a frame (\(observer.pending) bytes or characters of it left over)")
        }
        if let trailers = observer.webTrailers { response.trailers = trailers }
        let status =
            try GRPCStatus(fields: response.trailers) ?? GRPCStatus(fields: response.headers)
            ?? Self.missingStatus(response, web: true)
        return Outcome(response: response, status: status, messageCount: observer.count)
    }

    /// The status of an answer that carries none: from its HTTP status, its content type, or a missing trailer.
    static func missingStatus(_ response: Response, web: Bool = false) -> GRPCStatus {
        guard response.status == 200 else { return GRPCStatus.fromHTTP(response.status) }
        let type = response.headers["Content-Type"] ?? ""
        let expected = web ? "application/grpc-web" : "application/grpc"
        guard type.lowercased().hasPrefix(expected) else {
            let server = web ? "gRPC-Web" : "gRPC"
            return GRPCStatus(code: 2, message: "the answer's content type is \"\(type)\", not \(expected): is this a \(server) server?")
        }
        guard !web else {
            return GRPCStatus(code: 13, message: "the gRPC-Web answer ended without its trailer frame (no grpc-status)")
        }
        return GRPCStatus(code: 13, message: "the server ended the call without a grpc-status (no trailers)")
    }
}

/// Cuts the answer's body into messages on the transport's thread.
private final class FrameObserver: ResponseStreamObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var decoder: GRPCFrameDecoder
    /// gRPC-Web's text form, once the answer's head says it is base64.
    private var textDecoder: GRPCWebTextDecoder?
    private var webTrailersValue: HTTPHeaders?
    private let wireFormat: GRPCWireFormat
    private let maximumMessageSize: Int
    private let received: @Sendable ([UInt8], Int64) -> Void
    private var failureValue: ProtoCodecError?
    private var countValue = 0
    /// Who waits in `refusal()`, and whether that wait is over (an answer refused, or the wait cancelled).
    private var waiter: CheckedContinuation<Void, Never>?
    private var waitOver = false

    private let head: (@Sendable (HeaderLine.Status, HTTPHeaders) -> Void)?
    private let delivered: (@Sendable (Int64) -> Void)?

    init(
        maximumMessageSize: Int, wireFormat: GRPCWireFormat, head: (@Sendable (HeaderLine.Status, HTTPHeaders) -> Void)?,
        received: @escaping @Sendable ([UInt8], Int64) -> Void, delivered: (@Sendable (Int64) -> Void)?
    ) {
        decoder = GRPCFrameDecoder(maximumMessageSize: maximumMessageSize, allowsTrailers: wireFormat.isWeb)
        self.maximumMessageSize = maximumMessageSize
        self.wireFormat = wireFormat
        self.head = head
        self.received = received
        self.delivered = delivered
    }

    var failure: ProtoCodecError? { lock.withLock { failureValue } }

    /// Returns when an answer is refused (`failure`), or when the task is cancelled.
    func refusal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let over = lock.withLock {
                    if !waitOver { waiter = continuation }
                    return waitOver
                }
                if over { continuation.resume() }
            }
        } onCancel: {
            endWait()
        }
    }

    private func endWait() {
        let waiting = lock.withLock {
            defer { waiter = nil }
            waitOver = true
            return waiter
        }
        waiting?.resume()
    }

    /// Refuses the answer: the first failure is kept, and the call stops.
    private func fail(_ failure: ProtoCodecError) {
        lock.withLock { failureValue = failureValue ?? failure }
        endWait()
    }
    /// The answer's head, once it arrived.
    var headFields: HTTPHeaders? { lock.withLock { headFieldsValue } }
    private var headFieldsValue: HTTPHeaders?
    var count: Int { lock.withLock { countValue } }
    var pending: Int { lock.withLock { decoder.pendingBytes + (textDecoder?.pendingCharacters ?? 0) } }
    /// The fields of gRPC-Web's trailer frame, once it came.
    var webTrailers: HTTPHeaders? { lock.withLock { webTrailersValue } }

    func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
        lock.withLock {
            headFieldsValue = headers
            if wireFormat.isWeb, (headers["Content-Type"] ?? "").lowercased().hasPrefix(GRPCWireFormat.webText.contentType) {
                textDecoder = GRPCWebTextDecoder()
            }
        }
        head?(status, headers)
        return true
    }

    func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64) {
        let frames: [GRPCFrameDecoder.Frame]
        do {
            frames = try lock.withLock { () throws(ProtoCodecError) -> [GRPCFrameDecoder.Frame] in
                guard failureValue == nil else { return [] }
                guard textDecoder != nil else { return try decoder.append(bytes) }
                return try decoder.append(try textDecoder!.append(bytes))
            }
        } catch {
            return fail(error as? ProtoCodecError ?? ProtoCodecError("\(error)"))
        }
        for frame in frames {
            if frame.isTrailers {
                do {
                    let fields = try GRPCWebTrailerFrame.fields(of: frame.message, offset: frame.offset)
                    lock.withLock { webTrailersValue = fields }
                } catch {
                    return fail(error as? ProtoCodecError ?? ProtoCodecError("\(error)"))
                }
                continue
            }
            var message = frame.message
            if frame.compressed {
                do {
                    message = try GRPCFrameDecoder.decompressed(
                        frame, encoding: headFields?["grpc-encoding"], limit: maximumMessageSize)
                } catch {
                    return fail(error)
                }
            }
            lock.withLock { countValue += 1 }
            received(message, time)
        }
        if !frames.isEmpty { delivered?(time) }
    }
}
