import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// WebSockets through the transport (SwiftNIO underneath) against the demo server's `/ws`:
/// the handshake with the request's headers, echo both ways, pushes, pings, close codes, and TLS.
@Suite struct WebSocketTransportTests {
    private func collect(_ connection: any WebSocketConnection) async -> [WebSocketMessage] {
        var messages: [WebSocketMessage] = []
        for await message in connection.received { messages.append(message) }
        return messages
    }

    @Test func textAndBinaryMessagesAreEchoedAndTheCloseAnswered() async throws {
        try await withDemoServer { server throws in
            var request = Request(url: try Request.parseURL(server.baseURL.replacingOccurrences(of: "http", with: "ws") + "/ws"))
            request.headers.add(name: "X-Trace", value: "7")
            let connection = try await CurlTransport().openWebSocket(request)
            #expect(connection.handshake.status == 101)
            #expect(connection.handshake.headers["Upgrade"]?.lowercased() == "websocket")
            let sent = try await connection.send(.text, Data("héllo".utf8))
            #expect(sent.direction == .sent)
            try await connection.send(.binary, Data([0, 1, 2, 255]))
            try await connection.send(.ping, Data("p".utf8))
            await connection.close(code: 4000, reason: "done")
            let received = await collect(connection)
            #expect(received.map(\.kind) == [.text, .binary, .pong, .close])
            #expect(received[0].data == Data("héllo".utf8))
            #expect(received[1].data == Data([0, 1, 2, 255]))
            #expect(received[2].data == Data("p".utf8))
            #expect(received[3].closeCode == 4000)
            #expect(received.allSatisfy { $0.direction == .received })
        }
    }

    @Test func aPushingServerIsHeardUntilItCloses() async throws {
        try await withDemoServer(tls: try DemoTLSIdentity.load()) { server throws in
            var request = Request(
                url: try Request.parseURL(server.baseURL.replacingOccurrences(of: "https", with: "wss") + "/ws/push?count=3&interval=0.05"))
            request.options.tls.verifyPeer = false
            let connection = try await CurlTransport().openWebSocket(request)
            let received = await collect(connection)
            #expect(received.map(\.kind) == [.ping, .text, .text, .text, .close])
            #expect(received.last?.closeCode == 1000)
            #expect(received.last?.closeReason == "that was all")
            #expect(String(decoding: received[3].data, as: UTF8.self) == #"{"n":3,"message":"push 3 of 3"}"#)
            #expect(received.map(\.time) == received.map(\.time).sorted())
            // The handshake's phases: connect, TLS, then the wait for the 101; the upgrade request as sent.
            let timeline = connection.handshakeTimeline
            #expect(timeline[.connect] > 0 && timeline[.tls] > 0, "\(timeline.durations)")
            #expect(timeline.total == connection.handshake.time, "\(timeline.durations) vs \(connection.handshake.time)")
            #expect(connection.handshakeRequest.requestLine == "GET /ws/push?count=3&interval=0.05 HTTP/1.1")
            #expect(connection.handshakeRequest.headers["Upgrade"] == "websocket")
            #expect(connection.remoteAddress?.hasPrefix("127.0.0.1:") == true)
        }
    }

    @Test func aPathThatIsNotAWebSocketIsRefusedClearly() async throws {
        try await withDemoServer { server throws in
            let request = Request(url: try Request.parseURL(server.baseURL.replacingOccurrences(of: "http", with: "ws") + "/json"))
            do {
                _ = try await CurlTransport().openWebSocket(request)
                Issue.record("the upgrade was not refused")
            } catch let error as FerryError {
                #expect(
                    ErrorChain(error).links.flatMap(\.details).contains { $0.value.contains("WebSocket handshake failed") },
                    "\(ErrorChain(error).links)")
            }
        }
    }
}
