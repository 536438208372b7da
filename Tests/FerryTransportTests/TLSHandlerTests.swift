import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// FerryTLS's `TLSHandler` through real sockets against peers nobody here wrote: the demo server's
/// TLS for curl, `openssl s_client` and Python's `ssl`; the `wss://` client against the demo server
/// and against `openssl s_server` with a certificate for another host.
@Suite struct TLSHandlerTests {
    /// The demo server's identity, its certificate written to `ca.pem` in a folder for `--cacert`.
    private static func identity() throws -> (identity: DemoTLSIdentity, directory: TemporaryDirectory) {
        let identity = try DemoTLSIdentity.load()
        let directory = try TemporaryDirectory()
        _ = try directory.write("ca.pem", Data(identity.certificatePEM.utf8))
        return (identity, directory)
    }

    @Test func theDemoServerIsTrustedByCurlWithItsCertificateOnly() async throws {
        let (identity, directory) = try Self.identity()
        let caFile = directory.file("ca.pem")
        try await withDemoServer(tls: identity) { server in
            let trusted = await ChildProcess.run("/usr/bin/curl", ["-sS", "-m", "30", "--cacert", caFile, "\(server.baseURL)/get"])
            #expect(trusted.status == 0, "\(trusted.stderr)")
            #expect(trusted.text.contains(#""url""#), "\(trusted.text)")

            let tls12 = await ChildProcess.run(
                "/usr/bin/curl", ["-sS", "-m", "30", "--cacert", caFile, "--tls-max", "1.2", "https://localhost:\(server.port)/get"])
            #expect(tls12.status == 0, "\(tls12.stderr)")

            let untrusted = await ChildProcess.run("/usr/bin/curl", ["-sS", "-m", "30", "\(server.baseURL)/get"])
            #expect(untrusted.status == 60, "curl without --cacert: \(untrusted.status) \(untrusted.stderr)")
            #expect(untrusted.stderr.contains("self-signed certificate"), "\(untrusted.stderr)")

            // 5 MiB each way: many records, reads and writes split anywhere.
            let upload = Data((0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
            let body = try directory.write("upload.bin", upload)
            let posted = await ChildProcess.run(
                "/usr/bin/curl", ["-sS", "-m", "30", "--cacert", caFile, "--data-binary", "@" + body, "\(server.baseURL)/anything"])
            #expect(posted.status == 0, "\(posted.stderr)")
            let echo = try JSONSerialization.jsonObject(with: posted.stdout) as? [String: Any]
            #expect(echo?["bodySize"] as? Int == upload.count)
            #expect(echo?["bodySHA256"] as? String == sha256Hex(upload))

            let downloaded = await ChildProcess.run(
                "/usr/bin/curl", ["-sS", "-m", "30", "--cacert", caFile, "\(server.baseURL)/bytes/5242880?seed=7"])
            #expect(downloaded.status == 0, "\(downloaded.stderr)")
            try await withDemoServer { plain in
                let reference = await ChildProcess.run("/usr/bin/curl", ["-sS", "-m", "30", "\(plain.baseURL)/bytes/5242880?seed=7"])
                #expect(downloaded.stdout.count == 5 << 20)
                #expect(downloaded.stdout == reference.stdout)
            }
        }
    }

    @Test func theDemoServerCompletesHandshakesWithOpenSSLsClient() async throws {
        let (identity, directory) = try Self.identity()
        let caFile = directory.file("ca.pem")
        try await withDemoServer(tls: identity) { server in
            for version in ["-tls1_3", "-tls1_2"] {
                let client = await ChildProcess.run(
                    "/usr/bin/openssl",
                    [
                        "s_client", "-connect", "127.0.0.1:\(server.port)", "-servername", "localhost",
                        "-CAfile", caFile, "-verify_return_error", "-verify_hostname", "localhost",
                        version, "-brief",
                    ], timeout: 30)
                #expect(client.status == 0, "openssl s_client \(version): \(client.stderr)")
                #expect(client.stderr.contains("Verification: OK"), "\(client.stderr)")
                #expect(client.stderr.contains("Protocol version: TLSv1.\(version.last!)"), "\(client.stderr)")
            }
        }
    }

    /// Python reads to the end of a `Connection: close` answer: it refuses an end without close_notify.
    @Test func pythonsSSLModuleReadsAnAnswerToItsCleanEnd() async throws {
        let (identity, directory) = try Self.identity()
        let caFile = directory.file("ca.pem")
        let script = try directory.write(
            "client.py",
            Data(
                """
                import socket, ssl, sys
                context = ssl.create_default_context(cafile=sys.argv[1])
                with socket.create_connection(("127.0.0.1", int(sys.argv[2])), timeout=20) as raw:
                    # suppress_ragged_eofs=False: an end without close_notify raises instead of reading as the end.
                    with context.wrap_socket(raw, server_hostname="localhost", suppress_ragged_eofs=False) as tls:
                        version = tls.version()
                        tls.sendall(b"GET /bytes/300000 HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n")
                        answer = b""
                        while True:
                            chunk = tls.recv(65536)
                            if not chunk:
                                break
                            answer += chunk
                        print(version, answer.split(b"\\r\\n")[0].decode(), len(answer.split(b"\\r\\n\\r\\n", 1)[1]))
                """.utf8))
        try await withDemoServer(tls: identity) { server in
            let client = await ChildProcess.run("/usr/bin/env", ["python3", script, caFile, String(server.port)], timeout: 30)
            #expect(client.status == 0, "\(client.stderr)")
            #expect(client.text == "TLSv1.3 HTTP/1.1 200 OK 300000\n", "\(client.text)")
        }
    }

    @Test func wssTrustsTheCAFileAndEchoesFiveMiB() async throws {
        let (identity, directory) = try Self.identity()
        let caFile = directory.file("ca.pem")
        let message = Data((0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
        try await withDemoServer(tls: identity) { server in
            for host in ["127.0.0.1", "localhost"] {
                var request = Request(url: try Request.parseURL("wss://\(host):\(server.port)/ws"))
                request.options.tls.caFile = caFile
                let (connection, received) = try await exchange(request, [(.binary, message), (.text, Data("after".utf8))])
                #expect(received.map(\.kind) == [.binary, .text, .close], "\(host)")
                #expect(received.first?.data == message, "\(host): \(received.first?.data.count ?? 0) bytes back")
                #expect(received.dropFirst().first?.data == Data("after".utf8))
                #expect(connection.handshakeTimeline[.tls] > 0)
            }
        }
    }

    @Test func wssRefusesTheDemoCertificateWithoutTheCAFileUnlessToldNotToVerify() async throws {
        try await withDemoServer(tls: try DemoTLSIdentity.load()) { server in
            let url = try Request.parseURL("wss://localhost:\(server.port)/ws")
            let failure = try await webSocketFailure(Request(url: url))
            #expect(failure?.kind == .tlsHandshakeFailed)
            #expect(failure?.detail.contains("self-signed certificate") == true, "\(failure?.detail ?? "it connected")")

            var unverified = Request(url: url)
            unverified.options.tls.verifyPeer = false
            let (_, received) = try await exchange(unverified, [(.text, Data("hi".utf8))])
            #expect(received.map(\.kind) == [.text, .close])
            #expect(received.first?.data == Data("hi".utf8))
        }
    }

    @Test func wssRefusesACertificateForAnotherHost() async throws {
        // openssl s_server with a certificate for other.example only.
        let peer = try await OpenSSLServer.start(subjectAltName: "DNS:other.example", requiringClientCertificate: false)
        defer { peer.stop() }
        for (host, problem) in [("localhost", "hostname mismatch"), ("127.0.0.1", "IP address mismatch")] {
            var request = Request(url: try Request.parseURL("wss://\(host):\(peer.port)/"))
            request.options.tls.caFile = peer.directory.file("ca.pem")
            let failure = try await webSocketFailure(request)
            #expect(failure?.kind == .tlsHandshakeFailed, "\(host)")
            #expect(failure?.detail.contains(problem) == true, "\(host): \(failure?.detail ?? "it connected")")
        }
    }

    /// Opens a WebSocket for `request`, sends `messages`, closes, and reads what came back until the end.
    private func exchange(
        _ request: Request, _ messages: [(WebSocketMessage.Kind, Data)]
    ) async throws
        -> (connection: any WebSocketConnection, received: [WebSocketMessage])
    {
        try await Deadline.within(60, "the WebSocket exchange with \(request.url)") {
            let connection = try await CurlTransport().openWebSocket(request)
            for (kind, data) in messages { try await connection.send(kind, data) }
            // The echoes first, then the close: a close gives the server 5 s to answer, and a loaded
            // machine can take longer than that to echo megabytes through a debug build.
            var received: [WebSocketMessage] = []
            var messagesIn = connection.received.makeAsyncIterator()
            while received.count < messages.count, let message = await messagesIn.next() {
                received.append(message)
                if message.kind == .close { return (connection, received) }
            }
            await connection.close(code: 1000, reason: "done")
            while let message = await messagesIn.next() { received.append(message) }
            return (connection, received)
        }
    }

    /// The transport failure opening a WebSocket for `request` threw, or nil when it opened.
    private func webSocketFailure(_ request: Request) async throws -> FerryError.TransportFailureReason? {
        try await Deadline.within(30, "opening \(request.url)") {
            do {
                let connection = try await CurlTransport().openWebSocket(request)
                await connection.close(code: 1000, reason: "")
                return nil
            } catch FerryError.transportFailed(let reason) {
                return reason
            }
        }
    }
}
