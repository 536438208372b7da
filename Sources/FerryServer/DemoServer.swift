import FerryTLS
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Ferry's own local HTTP server: the httpbin-like demo, the tests' peer, and the benchmarks' target.
/// It binds 127.0.0.1 (port 0 picks a free one) and optionally speaks TLS with a generated certificate.
public final class DemoServer: Sendable {
    public let host: String
    public let port: Int
    /// The TLS identity when the server speaks https, for clients to trust or pin.
    public let tlsIdentity: DemoTLSIdentity?
    /// The OAuth 2.0 authorization server under `/oauth/`.
    public let oauth: DemoOAuth
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    /// `http://127.0.0.1:<port>` (or https).
    public var baseURL: String { "\(tlsIdentity == nil ? "http" : "https")://\(host):\(port)" }

    private init(
        host: String, port: Int, tlsIdentity: DemoTLSIdentity?, oauth: DemoOAuth, channel: any Channel, group: MultiThreadedEventLoopGroup
    ) {
        self.host = host
        self.port = port
        self.tlsIdentity = tlsIdentity
        self.oauth = oauth
        self.channel = channel
        self.group = group
    }

    /// Starts listening; returns once the socket is bound. With `unixSocket` it listens on that
    /// Unix domain socket path instead of TCP (`host` and `port` then only name it in `baseURL`).
    /// Its OAuth 2.0 access tokens live `tokenLifetime` seconds.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, tls: DemoTLSIdentity? = nil, unixSocket: String? = nil,
        tokenLifetime: Int = 300
    ) async throws -> DemoServer {
        let oauth = DemoOAuth(tokenLifetime: tokenLifetime)
        let tlsContext = try tls.map { try TLSContext.server(certificateChainPEM: $0.certificatePEM, privateKeyPEM: $0.privateKeyPEM) }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tlsContext { try pipeline.addHandler(TLSHandler(context: tlsContext)) }
                    let http = DemoHTTPHandler(isTLS: tlsContext != nil, oauth: oauth)
                    // After a WebSocket upgrade (/ws), the HTTP handler makes way for DemoWebSocketHandler.
                    let upgrade: NIOHTTPServerUpgradeSendableConfiguration = (
                        upgraders: [DemoWebSocketHandler.upgrader()],
                        completionHandler: { context in
                            context.pipeline.removeHandler(name: "demo-http", promise: nil)
                        }
                    )
                    try pipeline.configureHTTPServerPipeline(withServerUpgrade: upgrade, withErrorHandling: true)
                    try pipeline.addHandler(http, name: "demo-http")
                }
            }
        // TCP_NODELAY means nothing on a Unix socket.
        if unixSocket == nil { _ = bootstrap.childChannelOption(.socketOption(.tcp_nodelay), value: 1) }
        do {
            let channel = try await
                (unixSocket.map { bootstrap.bind(unixDomainSocketPath: $0, cleanupExistingSocketFile: true) }
                ?? bootstrap.bind(host: host, port: port)).get()
            let boundPort = channel.localAddress?.port ?? port
            return DemoServer(host: host, port: boundPort, tlsIdentity: tls, oauth: oauth, channel: channel, group: group)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops listening and closes every connection, stalled ones included.
    public func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Runs until the listening socket closes (for `ferry serve-demo`).
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }
}
