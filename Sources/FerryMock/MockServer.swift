import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The mock on SwiftNIO: one event loop per core, each connection read by a `MockHTTPHandler`.
public final class MockServer: Sendable {
    public let host: String
    public let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    public var baseURL: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    private init(host: String, port: Int, channel: any Channel, group: MultiThreadedEventLoopGroup) {
        self.host = host
        self.port = port
        self.channel = channel
        self.group = group
    }

    /// Binds `host:port` (port 0 picks a free one) and serves `service`; each answered request is
    /// handed to `log` on the event loop that answered it. A connection that brings no whole request
    /// head within `headTimeout` of opening or of its last answer is closed.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, service: MockService, threads: Int = System.coreCount,
        headTimeout: Duration = .seconds(10), log: @escaping @Sendable (MockHit) -> Void = { _ in }
    ) async throws -> MockServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let headTimeout = TimeAmount.nanoseconds(
            headTimeout.components.seconds * 1_000_000_000 + headTimeout.components.attoseconds / 1_000_000_000)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(MockHTTPHandler(service: service, headTimeout: headTimeout, log: log))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            return MockServer(host: host, port: channel.localAddress?.port ?? port, channel: channel, group: group)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops listening (from any thread, a signal handler's included); `waitUntilClosed` then returns.
    public func stopListening() {
        channel.close(promise: nil)
    }

    /// Stops listening and closes every connection; once.
    public func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Why the server could not listen, in words: a port in use is the usual reason.
    public static func describe(bindError error: any Error, host: String, port: Int) -> String {
        if let io = error as? IOError, io.errnoCode == EADDRINUSE {
            return "\(host):\(port) is in use (another program listens there); choose another --port"
        }
        if let io = error as? IOError, io.errnoCode == EACCES {
            return "cannot listen on \(host):\(port): permission denied (ports below 1024 need privileges)"
        }
        return "cannot listen on \(host):\(port): \(error)"
    }

    /// Runs until the listening socket closes.
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }
}
