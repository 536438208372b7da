import FerryTestSupport
import Foundation
import Testing

/// Plays one `HostileCase`: makes its files and server, runs the real `ferry` under `/usr/bin/time`
/// (for its peak memory), on a pseudo-terminal when the case asks, and checks what the user saw.
enum HostileRunner {
    struct Run {
        var outcome: ChildProcess.Outcome
        /// What the user saw: standard error, or everything on the terminal.
        var shown: String
        var peakMemoryKB: Int?
    }

    static func play(_ testCase: HostileCase) async throws {
        let directory = try TemporaryDirectory()
        let served = try await serve(testCase.server, directory: directory)
        defer { served.stop() }
        let certificates = try await HostileFixtures.shared.certificates()
        let fill = { (text: String) in
            text.replacingOccurrences(of: "%URL", with: served.url)
                .replacingOccurrences(of: "%DIR", with: directory.path)
                .replacingOccurrences(of: "%CA", with: certificates.file("ca.pem"))
        }
        for (name, payload) in testCase.files {
            let bytes =
                if case .text(let text) = payload { Array(fill(text).utf8) } else { try await HostileFixtures.shared.bytes(payload) }
            _ = try directory.write(name, Data(bytes))
        }
        if testCase.target != nil { _ = try directory.write("out", Data("ORIGINAL".utf8)) }
        let arguments = testCase.arguments.map(fill)
        let run = await runFerry(
            arguments, directory: directory, terminal: testCase.terminal,
            fileSizeLimit: testCase.fileSizeLimit, timeout: testCase.timeout)
        let context = "ferry \(arguments.joined(separator: " "))\nexit \(run.outcome.status)\nshown: \(run.shown.prefix(2000))"

        #expect(run.outcome.status == testCase.exit, "\(context)")
        for name in testCase.names.map(fill) {
            #expect(run.shown.lowercased().contains(name.lowercased()), "the error should name \(name.debugDescription)\n\(context)")
        }
        try await check(testCase.output, run: run, terminal: testCase.terminal, context: context)
        if let target = testCase.target {
            let expected: [UInt8]
            switch target {
            case .untouched: expected = Array("ORIGINAL".utf8)
            case .becomes(let payload): expected = try await HostileFixtures.shared.bytes(payload)
            }
            let actual = FileManager.default.contents(atPath: directory.file("out")).map { Array($0) }
            #expect(actual == expected, "the -o target holds \(actual?.count ?? -1) bytes, not \(expected.count)\n\(context)")
        }
        if let partialKept = testCase.partialKept {
            let exists = FileManager.default.fileExists(atPath: directory.file("out.ferry-partial"))
            #expect(exists == partialKept, "out.ferry-partial \(exists ? "was" : "was not") kept\n\(context)")
        }
        if testCase.nothingSent {
            #expect(served.connections == 0, "the server was connected to \(served.connections) times\n\(context)")
        }
        let peak = try #require(run.peakMemoryKB, "no peak memory measured\n\(context)")
        #expect(peak < testCase.memoryLimitMB * 1024, "peak memory \(peak / 1024) MB\n\(context)")
    }

    private static func check(_ output: HostileCase.Output, run: Run, terminal: Bool, context: String) async throws {
        let seen = terminal ? Data(run.shown.utf8) : run.outcome.stdout
        switch output {
        case .ignored:
            break
        case .empty:
            #expect(seen.isEmpty, "\(seen.count) bytes printed\n\(context)")
        case .exactly(let payload):
            let expected = try await HostileFixtures.shared.bytes(payload)
            #expect(Array(seen) == expected, "printed \(seen.count) bytes, expected \(expected.count)\n\(context)")
        case .contains(let words):
            let text = String(decoding: seen, as: UTF8.self)
            for word in words { #expect(text.contains(word), "the output should show \(word.debugDescription)\n\(context)") }
        case .inert(let raw, let shown):
            let text = String(decoding: seen, as: UTF8.self)
            for sequence in raw { #expect(!text.contains(sequence), "\(sequence.debugDescription) reached the terminal raw\n\(context)") }
            for visible in shown {
                #expect(text.contains(visible), "the output should show \(visible.debugDescription) visibly\n\(context)")
            }
        }
    }

    /// Runs `ferry arguments…` in `directory` (its own data and config folders), measuring its peak memory.
    static func runFerry(
        _ arguments: [String], directory: TemporaryDirectory, terminal: Bool, fileSizeLimit: Int?,
        timeout: TimeInterval
    ) async -> Run {
        let memoryFile = directory.file("peak-memory")
        var measured = ["/usr/bin/time", "-f", "%M", "-o", memoryFile, FerryBinary.path] + arguments
        if let fileSizeLimit {
            // An ignored SIGXFSZ stays ignored across exec, so a write past the limit fails with EFBIG.
            measured = ["/bin/sh", "-c", "trap '' XFSZ; exec /usr/bin/prlimit --fsize=\(fileSizeLimit) \"$@\"", "sh"] + measured
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.file("data")
        environment["XDG_CONFIG_HOME"] = directory.file("config")
        environment["XDG_CACHE_HOME"] = directory.file("cache")
        environment["HOME"] = directory.path
        let outcome: ChildProcess.Outcome
        if terminal {
            environment["TERM"] = "xterm-256color"
            environment["COLUMNS"] = "200"
            let command = measured.map(shellQuoted).joined(separator: " ")
            outcome = await ChildProcess.run(
                "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment,
                directory: directory.path, timeout: timeout)
        } else {
            outcome = await ChildProcess.run(
                measured[0], Array(measured.dropFirst()), environment: environment,
                directory: directory.path, timeout: timeout)
        }
        // `time` writes "Command exited with non-zero status N" before the number when ferry failed.
        let peak = (try? String(contentsOfFile: memoryFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Run(outcome: outcome, shown: terminal ? outcome.text : outcome.stderr, peakMemoryKB: peak)
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    // MARK: - Servers

    /// A started server (or none), stopped when the case ends.
    struct Served {
        var url: String
        var connections: Int { hostile?.connections ?? 0 }
        var hostile: HostileServer?
        var process: Process?
        var blockers: [Int32] = []
        func stop() {
            hostile?.stop()
            if let process { ChildProcess.stop(process, grace: 2) }
            for fd in blockers { close(fd) }
        }
    }

    private static func serve(_ server: HostileCase.Server, directory: TemporaryDirectory) async throws -> Served {
        switch server {
        case .none:
            let hostile = try HostileServer { _ in }
            return Served(url: hostile.url, hostile: hostile)
        case .script(let steps):
            var resolved: [ResolvedStep] = []
            for step in steps { resolved.append(try await resolve(step, directory: directory)) }
            let plan = resolved
            let hostile = try HostileServer { connection in play(plan, on: connection) }
            return Served(url: hostile.url, hostile: hostile)
        case .fullQueue:
            // A backlog of 0 holds one connection; two more fill it, and later SYNs are dropped.
            let hostile = try HostileServer(backlog: 0, accepting: false) { _ in }
            let blockers = (0..<3).map { _ in connectWithoutWaiting(port: hostile.port) }
            return Served(url: hostile.url, hostile: hostile, blockers: blockers)
        case .tls(let kind):
            let certificates = try await HostileFixtures.shared.certificates()
            let port = try unusedLocalPort()
            let process = ChildProcess.start(
                "/usr/bin/openssl",
                [
                    "s_server", "-accept", String(port), "-cert", "\(kind.rawValue).pem",
                    "-key", "server.key", "-www", "-quiet",
                ], directory: certificates.path)
            try await waitUntilListening(port: port, process: process)
            return Served(url: "https://127.0.0.1:\(port)", process: process)
        case .http2Reset:
            let certificates = try await HostileFixtures.shared.certificates()
            let port = try unusedLocalPort()
            let process = ChildProcess.start(
                "/usr/bin/env", ["python3", "-c", http2ResetServer, String(port), "trusted.pem", "server.key"],
                directory: certificates.path)
            try await waitUntilListening(port: port, process: process)
            return Served(url: "https://127.0.0.1:\(port)", process: process)
        }
    }

    private static func waitUntilListening(port: Int, process: Process) async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            if acceptsConnections(port: port) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        ChildProcess.stop(process, grace: 1)
        Issue.record("the server did not listen on \(port) within 30 s")
        throw CancellationError()
    }

    private static func connectWithoutWaiting(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return fd
    }

    // MARK: - Scripts

    private enum ResolvedStep: Sendable {
        case read, send([UInt8]), reset, hang, dribble([UInt8]), redirectForever, truncate(String)
    }

    private static func resolve(_ step: HostileCase.Step, directory: TemporaryDirectory) async throws -> ResolvedStep {
        switch step {
        case .read: return .read
        case .send(let payload): return .send(try await HostileFixtures.shared.bytes(payload))
        case .respond(let status, let headers, let body, let length):
            let bytes = try await HostileFixtures.shared.bytes(body)
            var head = "HTTP/1.1 \(status)\r\n" + headers.map { $0 + "\r\n" }.joined()
            if length != -1 { head += "Content-Length: \(length ?? bytes.count)\r\n" }
            return .send(Array((head + "\r\n").utf8) + bytes)
        case .reset: return .reset
        case .hang: return .hang
        case .dribble(let payload): return .dribble(try await HostileFixtures.shared.bytes(payload))
        case .redirectForever: return .redirectForever
        case .truncate(let name): return .truncate(directory.file(name))
        }
    }

    private static func play(_ steps: [ResolvedStep], on connection: HostileConnection) {
        for step in steps {
            switch step {
            case .read: guard connection.readRequest() != nil else { return }
            case .send(let bytes): guard connection.send(bytes) else { return }
            case .reset: connection.reset()
            case .hang: connection.waitForClose(timeout: 30)
            case .dribble(let bytes): connection.dribble(bytes, every: 1)
            case .redirectForever:
                while let head = connection.readRequest() {
                    let target = head.split(separator: " ").dropFirst().first.map { String($0) } ?? "/"
                    guard connection.send("HTTP/1.1 302 Found\r\nLocation: \(target)\r\nContent-Length: 0\r\n\r\n") else { return }
                }
            case .truncate(let path): truncate(path, 10)
            }
        }
    }

    /// An HTTP/2 server over TLS (ALPN h2) that answers every request with RST_STREAM INTERNAL_ERROR.
    private static let http2ResetServer = """
        import socket, ssl, sys
        import h2.config, h2.connection, h2.errors, h2.events
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        context.set_alpn_protocols(["h2"])
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", int(sys.argv[1])))
        listener.listen(16)
        while True:
            client, _ = listener.accept()
            try:
                tls = context.wrap_socket(client, server_side=True)
                connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False))
                connection.initiate_connection()
                tls.sendall(connection.data_to_send())
                while True:
                    data = tls.recv(65536)
                    if not data:
                        break
                    for event in connection.receive_data(data):
                        if isinstance(event, h2.events.RequestReceived):
                            connection.reset_stream(event.stream_id, error_code=h2.errors.ErrorCodes.INTERNAL_ERROR)
                    tls.sendall(connection.data_to_send())
            except Exception:
                pass
            finally:
                client.close()
        """
}
