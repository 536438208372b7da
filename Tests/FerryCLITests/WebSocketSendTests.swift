import FerryTestSupport
import Foundation
import Testing

/// `ferry send ws://…` against a WebSocket server nobody here wrote: the `websockets` package from
/// PyPI (scripts/install-deps installs it) — echo, close codes and reasons, a 10 MB message, pings,
/// pushes, and a server that drops the connection.
@Suite(.serialized) struct WebSocketSendTests {
    /// The server: the path chooses what it does; it prints its port, then serves until killed.
    static let server = """
        import asyncio, sys, websockets

        async def handler(ws):
            path = ws.request.path
            if path.startswith("/echo"):
                # /echo/N closes after N echoes (1000, "echoed N"); /echo echoes until the client closes.
                limit = int(path.split("/")[2]) if path.count("/") == 2 else None
                echoed = 0
                async for message in ws:
                    await ws.send(message)
                    echoed += 1
                    if echoed == limit:
                        await ws.close(1000, "echoed %d" % limit)
            elif path.startswith("/close/"):
                code = int(path.split("/")[2])
                await ws.recv()
                await ws.close(code, "bye " + str(code))
            elif path == "/push":
                await ws.ping(b"hi")
                for n in range(3):
                    await ws.send("push %d" % n)
                    await asyncio.sleep(0.2)
                await ws.send(bytes(range(8)))
                await ws.close(1001, "going away")
            elif path == "/drop":
                await ws.recv()
                ws.transport.abort()

        async def main():
            async with websockets.serve(handler, "127.0.0.1", 0, max_size=None) as server:
                print(server.sockets[0].getsockname()[1], flush=True)
                await asyncio.Future()

        asyncio.run(main())
        """

    /// Runs `body` with the server's base URL (`ws://127.0.0.1:PORT`).
    func withServer(_ body: (String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let script = directory.file("server.py")
        try Self.server.write(toFile: script, atomically: true, encoding: .utf8)
        let process = ChildProcess.start("/usr/bin/env", ["python3", script])
        defer { kill(process.processIdentifier, SIGKILL) }  // asyncio does not end on SIGTERM here
        let output = PipeReader(process.standardOutput as! Pipe)
        let started = await output.wait { $0.hasSuffix("\n") }
        let port = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(
            started && Int(port) != nil, "the websockets server did not start (is it installed? scripts/install-deps): \(output.text)")
        try await body("ws://127.0.0.1:\(port)")
    }

    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private func input(_ text: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.file("stdin.txt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func eachLineOfStandardInputIsSentAndTheEchoesPrinted() async throws {
        try await withServer { base in
            let (directory, stdin) = try input("hello\n{\"a\": 1}\n")
            // The server closes after two echoes, so nothing depends on timing.
            let text = await FerryBinary.run(["send", "\(base)/echo/2", "-i", "--keep-open", "-H", "X-Trace: 7"], standardInput: stdin)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.text.hasPrefix("HTTP/1.1 101 Switching Protocols\n"))
            #expect(text.text.contains("Server: Python/"))
            #expect(text.text.hasSuffix("\n\nhello\n{\"a\": 1}\n"), "\(text.text)")
            #expect(text.stderr.contains("ferry: closed 1000 (echoed 2)"))

            let json = await FerryBinary.run(["send", "\(base)/echo/2", "--json", "--keep-open"], standardInput: stdin)
            let objects = lines(json.text)
            let received = objects.filter { $0["direction"] as? String == "received" }
            #expect(received.map { $0["text"] as? String } == ["hello", "{\"a\": 1}", "echoed 2"])
            #expect(received.last?["kind"] as? String == "close")
            #expect(received.last?["closeCode"] as? Int == 1000)
            #expect(objects.filter { $0["direction"] as? String == "sent" }.map { $0["kind"] as? String } == ["text", "text"])
            let connection = try #require(objects.last?["websocket"] as? [String: Any], "\(json.text)")
            #expect(connection["status"] as? Int == 101)
            #expect(connection["sent"] as? Int == 2)
            #expect(connection["received"] as? Int == 3)
            withExtendedLifetime(directory) {}
        }
    }

    @Test func theEndOfStandardInputClosesTheConnection() async throws {
        try await withServer { base in
            let outcome = await FerryBinary.run(["send", "\(base)/echo", "--json"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let closes = lines(outcome.text).filter { $0["kind"] as? String == "close" }
            #expect(closes.map { $0["direction"] as? String } == ["sent", "received"])
            #expect(closes.map { $0["closeCode"] as? Int } == [1000, 1000])
        }
    }

    @Test(arguments: [1000, 1008, 4001])
    func closeCodesAndReasonsAreShown(code: Int) async throws {
        try await withServer { base in
            let (directory, stdin) = try input("knock\n")
            let outcome = await FerryBinary.run(["send", "\(base)/close/\(code)", "--json", "--keep-open"], standardInput: stdin)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let close = try #require(
                lines(outcome.text).first { $0["direction"] as? String == "received" && $0["kind"] as? String == "close" })
            #expect(close["closeCode"] as? Int == code)
            #expect(close["closeReason"] as? String == "bye \(code)")
            let text = await FerryBinary.run(["send", "\(base)/close/\(code)", "--keep-open"], standardInput: stdin)
            #expect(text.stderr.contains("ferry: closed \(code) (bye \(code))"), "\(text.stderr)")
            withExtendedLifetime(directory) {}
        }
    }

    @Test func aTenMegabyteMessageGoesAndComesBackWhole() async throws {
        try await withServer { base in
            let big = String(repeating: "0123456789abcdef", count: 10 << 16)  // 10 MiB
            let (directory, stdin) = try input(big + "\n")
            let outcome = await FerryBinary.run(["send", "\(base)/echo/1", "--json", "--keep-open"], standardInput: stdin, timeout: 120)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let echoed = lines(outcome.text).first { $0["direction"] as? String == "received" && $0["kind"] as? String == "text" }
            // Every line is whole JSON: the 10 MiB sent and received lines never interleave on the pipe.
            #expect(
                lines(outcome.text).count == outcome.text.split(separator: "\n").count, "\(outcome.stdout.count) bytes, a line is not JSON")
            #expect(echoed?["size"] as? Int == 10 << 20)
            let text = echoed?["text"] as? String
            #expect(text?.count == big.count)
            #expect(text.map { $0 == big } == true, "the echo differs from what was sent")
            withExtendedLifetime(directory) {}
        }
    }

    @Test func pingsArePongedAndPushesArriveUntilTheServerCloses() async throws {
        try await withServer { base in
            let outcome = await FerryBinary.run(["send", "\(base)/push", "--json", "--keep-open"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let received = lines(outcome.text).filter { $0["direction"] as? String == "received" }
            #expect(received.map { $0["kind"] as? String } == ["ping", "text", "text", "text", "binary", "close"])
            #expect(received[0]["text"] as? String == "hi")
            #expect(received[1...3].map { $0["text"] as? String } == ["push 0", "push 1", "push 2"])
            #expect(received[4]["base64"] as? String == Data((0..<8).map { UInt8($0) }).base64EncodedString())
            #expect(received[5]["closeCode"] as? Int == 1001)
            #expect(received[5]["closeReason"] as? String == "going away")
            let times = received.compactMap { $0["timeMs"] as? Double }
            #expect(times == times.sorted())
        }
    }

    @Test func aDroppedConnectionIsReportedAsAbnormalAndExits2() async throws {
        try await withServer { base in
            let (directory, stdin) = try input("first\n")
            let outcome = await FerryBinary.run(["send", "\(base)/drop", "--json", "--keep-open"], standardInput: stdin)
            #expect(outcome.status == 2, "\(outcome.text) \(outcome.stderr)")
            let close = try #require(
                lines(outcome.text).first { $0["kind"] as? String == "close" && $0["direction"] as? String == "received" })
            #expect(close["closeCode"] as? Int == 1006)
            withExtendedLifetime(directory) {}
        }
    }

    @Test func aRefusedConnectionIsATransportFailure() async throws {
        let port = try closedLocalPort()
        let outcome = await FerryBinary.run(["send", "ws://127.0.0.1:\(port)/"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("refused"), "\(outcome.stderr)")
    }

    /// A server that takes the connection and never answers the upgrade: `--max-time` ends the wait.
    @Test func maxTimeBoundsAHandshakeNobodyAnswers() async throws {
        let server = try HostileServer { connection in
            _ = connection.readRequest()
            _ = connection.waitForClose(timeout: 60)
        }
        defer { server.stop() }
        let outcome = await FerryBinary.run(["send", "ws://127.0.0.1:\(server.port)/", "--max-time", "1", "--no-history"])
        #expect(outcome.status == 2, "\(outcome.text) \(outcome.stderr)")
        #expect(outcome.stderr.contains("no answer to the WebSocket handshake within 1.0 s"), "\(outcome.stderr)")
        #expect(server.bytesReceived > 0, "the upgrade request was sent")
    }
}
