import FerryMock
import FerryTestSupport
import Foundation
import Testing

/// The mock's server over loopback with a client that misbehaves: a head sent a byte at a time
/// (slowloris) is cut off, and a body over the limit is refused.
@Suite struct MockServerTests {
    private static func service() -> MockService {
        MockService(
            router: MockRouter(routes: [
                MockRoute(
                    method: "POST", template: PathTemplate(urlTemplate: "/pets"), source: "test",
                    responses: [MockResponse(name: "", status: 201, body: Array("ok".utf8))])
            ]))
    }

    /// A connected socket to 127.0.0.1:`port`.
    private static func connect(_ port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Everything the server sends until it closes (or 10 s pass without a byte).
    private static func readToEnd(_ descriptor: Int32) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = recv(descriptor, &buffer, buffer.count, 0), count > 0 { data.append(contentsOf: buffer[0..<count]) }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aSlowHeadIsCutOff() async throws {
        // The server's own limit under test (a head must arrive within it), kept short: not a pause of the test.
        let server = try await MockServer.start(service: Self.service(), headTimeout: .milliseconds(300))
        let descriptor = try Self.connect(server.port)
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

    @Test func aWholeRequestIsAnsweredAndABodyOverTheLimitRefused() async throws {
        // The server's own limit under test (a head must arrive within it), kept short: not a pause of the test.
        let server = try await MockServer.start(service: Self.service(), headTimeout: .milliseconds(300))
        let descriptor = try Self.connect(server.port)
        let request = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
        #expect(send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
        let answer = Self.readToEnd(descriptor)
        close(descriptor)
        #expect(answer.hasPrefix("HTTP/1.1 201 Created\r\n") && answer.hasSuffix("\r\n\r\nok"), "\(answer)")
        let large = try Self.connect(server.port)
        defer { close(large) }
        let head = Array("POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: \(9 << 20)\r\n\r\n".utf8)
        _ = send(large, head, head.count, Int32(MSG_NOSIGNAL))
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        for _ in 0..<9 where send(large, chunk, chunk.count, Int32(MSG_NOSIGNAL)) == chunk.count {}
        #expect(Self.readToEnd(large).hasPrefix("HTTP/1.1 413"))
        await server.shutdown()
    }
}
