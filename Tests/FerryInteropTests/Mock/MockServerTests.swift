import FerryMock
import FerryTestSupport
import Foundation
import Testing

/// The mock's server over loopback with a client that misbehaves: a head sent a byte at a time
/// (slowloris) is cut off and holds no one else up, a body over the limit is refused; and a body
/// dribbled on purpose (a slow-body fault) arrives in pieces.
@Suite struct MockServerTests {
    private static func service() -> MockService {
        MockService(
            router: MockRouter(routes: [
                MockRoute(
                    method: "POST", template: PathTemplate(urlTemplate: "/pets"), source: "test",
                    responses: [MockResponse(name: "", status: 201, body: Array("ok".utf8))])
            ]))
    }

    /// Everything the server sends until it closes (or 10 s pass without a byte).
    private static func readToEnd(_ descriptor: Int32) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = receiveRestarting(descriptor, &buffer, buffer.count), count > 0 {
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aSlowHeadIsCutOff() async throws {
        // The server's own limit under test (a head must arrive within it), kept short: not a pause of the test.
        let server = try await MockServer.start(service: Self.service(), headTimeout: .milliseconds(300))
        let descriptor = try connectedSocket(port: server.port)
        defer { close(descriptor) }
        var closed = false
        for byte in Array("POST /pets HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 200) {
            var byte = byte
            if send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) != 1 {
                closed = true
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        // 240 bytes 20 ms apart take at least 4.8 s: the server closes long before the last.
        #expect(closed)
        await server.shutdown()
    }

    @Test func aSlowlorisHoldsNoOtherClientUp() async throws {
        let server = try await MockServer.start(service: Self.service(), threads: 1)
        let slow = try connectedSocket(port: server.port)
        defer { close(slow) }
        let head = Array("POST /pets HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)
        #expect(send(slow, head, head.count, Int32(MSG_NOSIGNAL)) == head.count)
        // While the slow head trickles in (one event loop for both), ten whole requests are answered.
        for index in 0..<10 {
            var byte = UInt8(ascii: "a")
            #expect(send(slow, &byte, 1, Int32(MSG_NOSIGNAL)) == 1, "the slow connection was closed at byte \(index)")
            let other = try connectedSocket(port: server.port)
            let request = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            #expect(send(other, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
            #expect(Self.readToEnd(other).hasPrefix("HTTP/1.1 201 Created\r\n"))
            close(other)
        }
        await server.shutdown()
    }

    @Test func aDribbledBodyArrivesInPieces() async throws {
        var rule = MockRule(location: "test")
        rule.fault.dribble = (bytesPerSecond: 5, rate: 1)
        let service = MockService(router: Self.service().router, rules: [rule])
        let server = try await MockServer.start(service: service, threads: 1)
        let descriptor = try connectedSocket(port: server.port)
        defer { close(descriptor) }
        let request = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        #expect(send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
        // 5 bytes a second go a byte at a time, 200 ms apart: "ok" comes in two reads at least.
        var reads: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = receiveRestarting(descriptor, &buffer, buffer.count), count > 0 {
            reads.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        #expect(reads.joined().contains("\r\nContent-Length: 2\r\n") && reads.joined().hasSuffix("\r\n\r\nok"), "\(reads)")
        #expect(reads.count >= 2 && !reads[0].hasSuffix("ok"), "\(reads)")
        await server.shutdown()
    }

    @Test func aWholeRequestIsAnsweredAndABodyOverTheLimitRefused() async throws {
        // The server's own limit under test (a head must arrive within it), kept short: not a pause of the test.
        let server = try await MockServer.start(service: Self.service(), headTimeout: .milliseconds(300))
        let descriptor = try connectedSocket(port: server.port)
        let request = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
        #expect(send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
        let answer = Self.readToEnd(descriptor)
        close(descriptor)
        #expect(answer.hasPrefix("HTTP/1.1 201 Created\r\n") && answer.hasSuffix("\r\n\r\nok"), "\(answer)")
        let large = try connectedSocket(port: server.port)
        defer { close(large) }
        let head = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: \(9 << 20)\r\n\r\n".utf8)
        _ = send(large, head, head.count, Int32(MSG_NOSIGNAL))
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        for _ in 0..<9 where send(large, chunk, chunk.count, Int32(MSG_NOSIGNAL)) == chunk.count {}
        #expect(Self.readToEnd(large).hasPrefix("HTTP/1.1 413"))
        await server.shutdown()
    }
}
