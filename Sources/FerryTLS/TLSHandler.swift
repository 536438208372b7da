import CSSL
import NIOCore
import NIOTLS

/// TLS over one NIO channel with OpenSSL's `SSL`, which reads the ciphertext received from one
/// memory BIO and writes what is to be sent into another; whatever the second holds is sent after
/// every operation. A client starts the handshake once the channel is active, a server on the first
/// bytes; `TLSUserEvent.handshakeCompleted` is fired when it is done. Writes wait for it and
/// are encrypted on flush, each promise completed with the write of its ciphertext. Closing sends
/// close_notify (without waiting for the peer's); the peer's closes the channel. A failure is fired
/// as a `TLSFailure` and closes the channel. No renegotiation, session resumption or ALPN, and a
/// peer that closes without close_notify after the handshake is not reported.
public final class TLSHandler: ChannelDuplexHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    /// Room for one TLS record's plaintext (16 KiB) per `SSL_read`.
    private static let readSize = 16 << 10
    /// Plaintext is passed on in pieces of at least this much, and the rest at the end of a read.
    private static let deliverySize = 64 << 10

    private enum State { case idle, handshaking, open, closed }

    private let tls: TLSContext
    private let ssl: OpaquePointer
    /// Ciphertext received, for OpenSSL to read.
    private let incoming: OpaquePointer
    /// Ciphertext OpenSSL wrote, to send.
    private let outgoing: OpaquePointer
    private var state = State.idle
    /// Plaintext written and not yet encrypted; the first `flushed` of them were flushed.
    private var pending = CircularBuffer<(data: ByteBuffer, promise: EventLoopPromise<Void>?)>()
    private var flushed = 0

    /// A handler for one connection made with `context`. A client names the host it connects to
    /// (a name or an IP address) in `serverHostname`: the certificate must be for it when the
    /// context verifies the peer, and a name is sent as SNI.
    public init(context: TLSContext, serverHostname: String? = nil) throws {
        tls = context
        ERR_clear_error()
        guard let ssl = SSL_new(context.pointer) else { throw TLSFailure("OpenSSL could not start a connection") }
        guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            throw TLSFailure("OpenSSL could not allocate a buffer")
        }
        SSL_set_bio(ssl, incoming, outgoing)  // the SSL now owns them
        (self.ssl, self.incoming, self.outgoing) = (ssl, incoming, outgoing)
        if context.isServer { SSL_set_accept_state(ssl) } else { SSL_set_connect_state(ssl) }
        guard !context.isServer, let host = serverHostname else { return }
        if (try? SocketAddress(ipAddress: host, port: 0)) != nil {
            if context.verifiesPeer, X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) != 1 {
                throw TLSFailure("OpenSSL refused the IP address \(host)")
            }
        } else {
            guard ferry_SSL_set_tlsext_host_name(ssl, host) == 1 else { throw TLSFailure("OpenSSL refused the host name \(host)") }
            if context.verifiesPeer {
                SSL_set_hostflags(ssl, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
                guard SSL_set1_host(ssl, host) == 1 else { throw TLSFailure("OpenSSL refused the host name \(host)") }
            }
        }
    }

    deinit { SSL_free(ssl) }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startHandshake(context: context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        startHandshake(context: context)
        context.fireChannelActive()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        let interrupted = state == .handshaking
        state = .closed
        if interrupted {
            let failure = TLSFailure("the connection closed during the TLS handshake", reasons: [])
            failPending(failure)
            context.fireErrorCaught(failure)
        } else {
            failPending(ChannelError.eof)
        }
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state != .closed else { return }
        let ciphertext = unwrapInboundIn(data)
        let taken = ciphertext.withUnsafeReadableBytes { BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
        guard ciphertext.readableBytes == 0 || Int(taken) == ciphertext.readableBytes else {
            return fail(failure("OpenSSL could not buffer the bytes received"), context: context)
        }
        if state == .idle { state = .handshaking }  // a server's first bytes
        if state == .handshaking { advanceHandshake(context: context) } else { readPlaintext(context: context) }
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard state != .closed else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        pending.append((unwrapOutboundIn(data), promise))
    }

    public func flush(context: ChannelHandlerContext) {
        flushed = pending.count
        encryptFlushed(context: context)
    }

    public func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input, state == .open {
            ERR_clear_error()
            SSL_shutdown(ssl)
            sendOutgoing(context: context)
            context.flush()
        }
        if mode == .all {
            state = .closed
            failPending(ChannelError.ioOnClosedChannel)
        }
        context.close(mode: mode, promise: promise)
    }

    private func startHandshake(context: ChannelHandlerContext) {
        guard !tls.isServer, state == .idle else { return }
        state = .handshaking
        advanceHandshake(context: context)
    }

    private func advanceHandshake(context: ChannelHandlerContext) {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        guard result == 1 else {
            switch SSL_get_error(ssl, result) {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                sendOutgoing(context: context)
                context.flush()
            default:
                fail(failure("the TLS handshake failed"), context: context)
            }
            return
        }
        state = .open
        sendOutgoing(context: context)
        context.flush()
        context.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: nil))
        encryptFlushed(context: context)
        readPlaintext(context: context)  // application data that came behind the handshake
    }

    /// Decrypts everything received until OpenSSL wants more, passing the plaintext on.
    private func readPlaintext(context: ChannelHandlerContext) {
        var plaintext = context.channel.allocator.buffer(capacity: Self.readSize)
        var peerClosed = false
        reading: while state == .open {
            ERR_clear_error()
            var result: Int32 = 0
            plaintext.writeWithUnsafeMutableBytes(minimumWritableBytes: Self.readSize) { room in
                result = SSL_read(ssl, room.baseAddress, Int32(clamping: room.count))
                return Int(max(result, 0))
            }
            if result > 0 {
                if plaintext.readableBytes >= Self.deliverySize {
                    context.fireChannelRead(wrapInboundOut(plaintext))
                    plaintext = context.channel.allocator.buffer(capacity: Self.readSize)
                }
                continue
            }
            switch SSL_get_error(ssl, result) {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                break reading
            case SSL_ERROR_ZERO_RETURN:
                peerClosed = true
                break reading
            default:
                let failure = self.failure("TLS failed reading from the peer")  // before anything else clears OpenSSL's queue
                if plaintext.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(plaintext)) }  // what came before it
                return fail(failure, context: context)
            }
        }
        if plaintext.readableBytes > 0, state != .closed { context.fireChannelRead(wrapInboundOut(plaintext)) }
        guard state != .closed else { return }
        sendOutgoing(context: context)  // e.g. an answer to a TLS 1.3 key update
        context.flush()
        if peerClosed { close(context: context, mode: .all, promise: nil) }  // close_notify back
    }

    /// Encrypts the flushed writes once the handshake is done, each sent with its promise.
    private func encryptFlushed(context: ChannelHandlerContext) {
        guard state == .open, flushed > 0 else { return }
        while flushed > 0, state == .open {
            let (data, promise) = pending.removeFirst()
            flushed -= 1
            if data.readableBytes > 0 {
                ERR_clear_error()
                let written = data.withUnsafeReadableBytes { SSL_write(ssl, $0.baseAddress, Int32(clamping: $0.count)) }
                guard Int(written) == data.readableBytes else {
                    let failure = TLSFailure("TLS failed encrypting a write")
                    promise?.fail(failure)
                    return fail(failure, context: context)
                }
            }
            sendOutgoing(context: context, promise: promise)
        }
        context.flush()
    }

    /// Writes what OpenSSL put into the outgoing BIO (an empty buffer when a promise waits on nothing).
    private func sendOutgoing(context: ChannelHandlerContext, promise: EventLoopPromise<Void>? = nil) {
        let count = Int(BIO_ctrl_pending(outgoing))
        guard count > 0 || promise != nil else { return }
        var ciphertext = context.channel.allocator.buffer(capacity: count)
        ciphertext.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { room in
            Int(max(BIO_read(outgoing, room.baseAddress, Int32(count)), 0))
        }
        context.write(wrapOutboundOut(ciphertext), promise: promise)
    }

    /// A failure with OpenSSL's reasons and, when the server's certificate was refused, why.
    private func failure(_ summary: String) -> TLSFailure {
        let verification = tls.verifiesPeer ? SSL_get_verify_result(ssl) : Int(X509_V_OK)
        let problem = verification == Int(X509_V_OK) ? nil : String(cString: X509_verify_cert_error_string(verification))
        return TLSFailure(summary, certificateProblem: problem)
    }

    /// Sends what OpenSSL has to say (an alert), fails the pending writes, fires `failure`, closes.
    private func fail(_ failure: TLSFailure, context: ChannelHandlerContext) {
        guard state != .closed else { return }
        sendOutgoing(context: context)
        context.flush()
        state = .closed
        failPending(failure)
        context.fireErrorCaught(failure)
        context.close(promise: nil)
    }

    private func failPending(_ error: any Error) {
        while let (_, promise) = pending.popFirst() { promise?.fail(error) }
        flushed = 0
    }
}
