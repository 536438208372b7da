import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// `ferry mock` end to end: the real binary serving on a free port, asked by curl (a client
/// nobody here wrote), stopped by Ctrl-C.
@Suite struct MockCommandTests {
    private let home: TemporaryDirectory
    private var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 }
    }

    init() throws { home = try TemporaryDirectory() }

    /// A running `ferry mock`, its address read from what it prints at start.
    private struct Mock {
        let process: Process
        let stdout: PipeReader
        let stderr: PipeReader
        let url: String

        func stop() async -> Int32 {
            kill(process.processIdentifier, SIGINT)
            try? await Deadline.within(20, "ferry mock after SIGINT") { await FerryBinary.waitForExit(process) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            return process.terminationStatus
        }
    }

    private func startMock(_ arguments: [String]) async throws -> Mock {
        let process = FerryBinary.start(["mock", "--port", "0"] + arguments, environment: environment)
        let stdout = PipeReader(process.standardOutput as! Pipe)
        let stderr = PipeReader(process.standardError as! Pipe)
        let started = await stderr.wait { $0.contains(" (Ctrl-C stops)") }
        guard started, let range = stderr.text.range(of: #"(?<=routes on )http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            process.terminate()
            throw Failure("ferry mock did not start: \(stderr.text)")
        }
        return Mock(process: process, stdout: stdout, stderr: stderr, url: String(stderr.text[range]))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// curl's view of an answer: the status, the headers as sent and the body's bytes.
    private func curl(_ arguments: [String]) async throws -> (status: Int, headers: String, body: Data) {
        let headers = home.file("headers-\(UUID().uuidString)")
        let body = home.file("body-\(UUID().uuidString)")
        let outcome = await ChildProcess.run("/usr/bin/curl", ["-sS", "-D", headers, "-o", body, "-w", "%{http_code}"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return (
            Int(outcome.text) ?? 0, (try? String(contentsOfFile: headers, encoding: .utf8)) ?? "",
            (try? Data(contentsOf: URL(fileURLWithPath: body))) ?? Data()
        )
    }

    private func collection() throws -> String {
        let folder = home.file("api")
        try FileManager.default.createDirectory(atPath: folder + "/pets", withIntermediateDirectories: true)
        try """
        method: GET
        url: "{{baseUrl}}/pets/{{id}}"
        examples:
          - name: rex
            status: 200
            headers:
              - Content-Type: application/json; charset=utf-8
              - X-Trace: "a  b"
            body: "{\\"id\\": 1,\\n  \\"name\\": \\"Rex ü\\"}\\n"
          - name: missing
            status: 404
            body: ""
        """.write(toFile: folder + "/pets/get.ferry.yaml", atomically: true, encoding: .utf8)
        try """
        method: POST
        url: https://api.example.com/pets
        examples:
          - name: made
            status: 201
            headers: [{Location: /pets/2}]
            body: created
        """.write(toFile: folder + "/pets/create.ferry.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func examplesAreServedByteForByteAndLogged() async throws {
        let mock = try await startMock([try collection(), "--json"])
        let rex = try await curl([mock.url + "/pets/7"])
        #expect(rex.status == 200)
        #expect(rex.body == Data("{\"id\": 1,\n  \"name\": \"Rex ü\"}\n".utf8))
        #expect(rex.headers.contains("Content-Type: application/json; charset=utf-8\r\n"))
        #expect(rex.headers.contains("X-Trace: a  b\r\n"))
        #expect(rex.headers.contains("Content-Length: \(rex.body.count)\r\n"))
        let missing = try await curl(["-H", "Prefer: code=404", mock.url + "/pets/7"])
        #expect(missing.status == 404 && missing.body.isEmpty)
        let made = try await curl(["-X", "POST", "-d", "x", mock.url + "/pets"])
        #expect(made.status == 201 && made.body == Data("created".utf8) && made.headers.contains("Location: /pets/2\r\n"))
        #expect(await mock.stdout.wait { $0.split(separator: "\n").count >= 3 })
        #expect(await mock.stop() == 0)
        let lines = mock.stdout.text.split(separator: "\n")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["method"] as? String == "GET" && first["path"] as? String == "/pets/7")
        #expect(first["route"] as? String == "GET /pets/{id}" && first["status"] as? Int == 200 && first["milliseconds"] is Double)
    }

    @Test func anUnmatchedRequestGetsAProblemNamingTheClosestRoutes() async throws {
        let mock = try await startMock([try collection()])
        let answer = try await curl([mock.url + "/pet/7"])
        #expect(answer.status == 404)
        #expect(answer.headers.contains("Content-Type: application/problem+json"))
        let problem = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect((problem["closest"] as? [String])?.first == "GET /pets/{id}")
        #expect(await mock.stdout.wait { $0.contains("GET /pet/7 → no route 404") })
        #expect(await mock.stop() == 0)
    }

    @Test func aPortInUseIsAClearError() async throws {
        let mock = try await startMock([try collection()])
        let port = try #require(mock.url.split(separator: ":").last)
        let second = await FerryBinary.run(["mock", "--port", String(port), try collection()], environment: environment, timeout: 30)
        #expect(second.status == 1)
        #expect(second.stderr.contains("127.0.0.1:\(port) is in use"))
        #expect(await mock.stop() == 0)
    }

    @Test func aSourceThatCannotBeReadIsALocatedError() async throws {
        let broken = try home.write("broken.yaml", Data("openapi: 3.0.0\npaths: {\n".utf8))
        let outcome = await FerryBinary.run(["mock", broken], environment: environment, timeout: 30)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("broken.yaml:3:1: is not valid YAML"), "\(outcome.stderr)")
    }

    @Test func statefulCRUDOverHTTP() async throws {
        let spec = try home.write("pets.yaml", Data(Self.petstore.utf8))
        let mock = try await startMock([spec, "--stateful", "--validate"])
        let json = ["-H", "Content-Type: application/json"]
        let created = try await curl(json + ["-d", #"{"name": "Rex"}"#, mock.url + "/pets"])
        #expect(created.status == 201 && String(decoding: created.body, as: UTF8.self) == #"{"id":1,"name":"Rex"}"#)
        #expect(try await curl([mock.url + "/pets/1"]).status == 200)
        let updated = try await curl(json + ["-X", "PUT", "-d", #"{"name": "Max"}"#, mock.url + "/pets/1"])
        #expect(String(decoding: updated.body, as: UTF8.self) == #"{"id":1,"name":"Max"}"#)
        #expect(String(decoding: try await curl([mock.url + "/pets"]).body, as: UTF8.self) == #"[{"id":1,"name":"Max"}]"#)
        #expect(try await curl(["-X", "DELETE", mock.url + "/pets/1"]).status == 204)
        #expect(try await curl([mock.url + "/pets/1"]).status == 404)
        let invalid = try await curl(json + ["-d", #"{"name": 3}"#, mock.url + "/pets"])
        #expect(invalid.status == 400 && String(decoding: invalid.body, as: UTF8.self).contains(#""pointer": "/name""#))
        #expect(await mock.stop() == 0)
    }

    @Test func historyAnswersAsTheRealServerDid() async throws {
        try await withDemoServer { server in
            for value in ["1", "2"] {
                let sent = await FerryBinary.run(["send", server.baseURL + "/get?x=" + value], environment: environment)
                #expect(sent.status == 0, "\(sent.stderr)")
            }
        }
        let mock = try await startMock(["--from-history"])
        for (query, expected) in [("x=1", #""x" : "1""#), ("x=2", #""x" : "2""#), ("x=3", #""x" : "2""#)] {
            let answer = try await curl([mock.url + "/get?" + query])
            #expect(answer.status == 200)
            #expect(
                String(decoding: answer.body, as: UTF8.self).contains(expected), "\(query): \(String(decoding: answer.body, as: UTF8.self))"
            )
        }
        #expect(await mock.stop() == 0)
    }

    @Test func recordForwardsWhatNoRouteAnswersAndKeepsIt() async throws {
        try await withDemoServer { server in
            let mock = try await startMock([try collection(), "--record", server.baseURL])
            let forwarded = try await curl(["-H", "X-Probe: 7", mock.url + "/get?x=5"])
            #expect(forwarded.status == 200)
            let text = String(decoding: forwarded.body, as: UTF8.self)
            #expect(text.contains(#""x" : "5""#) && text.contains(#""X-Probe" : "7""#), "\(text)")
            #expect(try await curl([mock.url + "/pets/7"]).status == 200)  // a route still answers
            #expect(await mock.stop() == 0)
            #expect(mock.stdout.text.contains("GET /get?x=5 → upstream 200"), "\(mock.stdout.text)")
        }
        let listed = await FerryBinary.run(["history", "search", "--json"], environment: environment)
        let rows = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]], "\(listed.stderr)")
        #expect(rows.count == 1 && (rows.first?["url"] as? String)?.hasSuffix("/get?x=5") == true)
        let replay = try await startMock(["--from-history"])
        #expect(String(decoding: try await curl([replay.url + "/get?x=5"]).body, as: UTF8.self).contains(#""X-Probe" : "7""#))
        #expect(await replay.stop() == 0)
    }

    @Test func aThousandConnectionsAndASlowlorisAreServedInBoundedMemory() async throws {
        // A thousand connections keep this test to seconds on a debug build; Benchmarks/mock/connections
        // opens 10,000 against a release build. Fewer when the open-file limit is lower.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let connections = min(1_000, Int(min(limit.rlim_max, 1 << 20)) - 200)
        let mock = try await startMock([try collection()])
        let slow = try Self.slowloris(port: try #require(Int(mock.url.split(separator: ":").last ?? "")))
        let load = await FerryBinary.run(
            ["load", mock.url + "/pets/7", "-c", String(connections), "-n", String(2 * connections), "--json", "--no-history"],
            environment: environment)
        let summary = try #require(try JSONSerialization.jsonObject(with: load.stdout) as? [String: Any], "\(load.stderr)")
        let report = try #require(summary["load"] as? [String: Any])
        #expect(report["responses"] as? Int == 2 * connections && report["failures"] as? Int == 0, "\(report)")
        #expect(report["statuses"] as? [String: Int] == ["200": 2 * connections])
        // The slow head is still open (under the mock's 10 s limit) and was not waited for.
        #expect(await slow.value, "the slowloris connection was closed early")
        let status = try String(contentsOfFile: "/proc/\(mock.process.processIdentifier)/status", encoding: .utf8)
        let peak = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) })
        #expect(peak < 256 << 10, "ferry mock's peak memory: \(peak) kB")
        #expect(await mock.stop() == 0)
    }

    /// A connection that sends a request head at one byte a second for three seconds; true when the
    /// mock kept it open all along.
    private static func slowloris(port: Int) throws -> Task<Bool, Never> {
        let socket = try connectedSocket(port: port)
        return Task.detached {
            defer { close(socket) }
            for byte in Array("GET /pets/1 HTTP/1.1\r\n".utf8).prefix(3) {
                var byte = byte
                guard send(socket, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return false }
                // The client's slowness is the behaviour under test, not a wait for a condition.
                try? await Task.sleep(for: .seconds(1))
            }
            var probe: UInt8 = 0
            return recv(socket, &probe, 1, Int32(MSG_DONTWAIT)) < 0 && errno == EAGAIN
        }
    }

    @Test func intoExamplesSavesEachNewAnswerOnceInTheRequestFileItFits() async throws {
        try await withDemoServer { server in
            let folder = home.file("recorded")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let file = folder + "/json.ferry.yaml"
            try "method: GET\nurl: \"{{baseUrl}}/json\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            let mock = try await startMock([folder, "--record", server.baseURL, "--into-examples"])
            let first = try await curl([mock.url + "/json"])
            #expect(first.status == 200)
            #expect(try await curl([mock.url + "/json"]).body == first.body)
            #expect(try await curl([mock.url + "/status/201"]).status == 201)  // no request file fits: the history only
            #expect(await mock.stderr.wait { $0.contains("no request file fits GET /status/201") }, "\(mock.stderr.text)")
            #expect(await mock.stop() == 0)
            #expect(
                mock.stderr.text.contains("saved the answer to GET /json as example \"recorded 200\" of \(file)"), "\(mock.stderr.text)")
            #expect(mock.stderr.text.contains("\(file) already has the answer to GET /json (\"recorded 200\")"), "\(mock.stderr.text)")
            let saved = try RequestDescription(contentsOf: file)
            #expect(saved.examples.map(\.name) == ["recorded 200"] && saved.examples.first?.status == 200)
            let headers = saved.examples.first?.headers.map { $0.name.lowercased() } ?? []
            #expect(headers.contains("content-type") && !headers.contains("date") && !headers.contains("content-length"), "\(headers)")
            // From the next start the example answers, byte for byte.
            let replay = try await startMock([folder])
            #expect(try await curl([replay.url + "/json"]).body == first.body)
            #expect(await replay.stop() == 0)
        }
        let refused = await FerryBinary.run(["mock", home.path, "--into-examples"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("--into-examples saves what --record forwards"), "\(refused.stderr)")
    }

    static let petstore = """
        openapi: 3.0.3
        info: {title: pets, version: "1"}
        paths:
          /pets:
            get:
              responses:
                "200": {description: all, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}}
            post:
              requestBody:
                content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}
              responses:
                "201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
          /pets/{id}:
            get:
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
            put:
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
            delete:
              responses:
                "204": {description: gone}
        components:
          schemas:
            Pet:
              type: object
              required: [name]
              properties: {id: {type: integer, readOnly: true}, name: {type: string}}
        """
}
