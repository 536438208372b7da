import FerryTestSupport
import Foundation
import Testing

/// gRPC request files (issue 33) through `ferry send FILE`, `ferry run` with its reports, the
/// history (rows read back, replayed, compared) and grpcurl export and import, against Python's
/// grpcio serving grpc/grpc's helloworld and route_guide examples (Tests/Fixtures/grpc).
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCRunTests {
    /// A collection of gRPC request files for `server`, with a history folder of its own.
    private struct Collection {
        let directory: TemporaryDirectory
        let dataHome: TemporaryDirectory
        var environment: [String: String] {
            ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path, "HOME": dataHome.path]) { $1 }
        }

        init(server: PythonGRPCServer, files: [String: String]) throws {
            directory = try TemporaryDirectory()
            dataHome = try TemporaryDirectory()
            var files = files
            files["environments/test.yaml"] = "host: 127.0.0.1:\(server.port)\n"
            for (path, text) in files {
                try FileManager.default.createDirectory(
                    atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = try directory.write(path, Data(text.utf8))
            }
        }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }
        func run(_ flags: [String] = []) async -> FerryBinary.Outcome {
            await ferry(["run", directory.path, "--env", "test"] + flags)
        }
    }

    /// Every call kind, a capture chained into the next request and a value taken from a gRPC file on demand.
    static let calls: [String: String] = [
        "1-hello.ferry.yaml": """
        url: grpc://{{host}}/helloworld.Greeter/SayHello
        headers:
          - x-trailer: kept
        body:
          grpc:
            message:
              name: world
        expect:
          grpc:
            status: OK
          headers:
            x-trailer: kept
          body:
            $.messages[0].message: Hello world
        capture:
          greeting: $.messages[0].message
        """,
        "2-features.ferry.yaml": """
        url: grpc://{{host}}/routeguide.RouteGuide/ListFeatures
        body:
          grpc:
            message:
              lo: {latitude: 400000000, longitude: -750000000}
              hi: {latitude: 420000000, longitude: -730000000}
        expect:
          body:
            $.messages:
              count: 4
            $.messages[0].name: Patriots Path, Mendham, NJ 07945, USA
        """,
        "3-record.ferry.yaml": """
        url: grpc://{{host}}/routeguide.RouteGuide/RecordRoute
        body:
          grpc:
            messages:
              - latitude: 1
              - latitude: 2
              - {}
        expect:
          body:
            $.messages[0].pointCount: 3
        """,
        "4-chat.ferry.yaml": """
        url: grpc://{{host}}/routeguide.RouteGuide/RouteChat
        vars:
          again:
            from: 1-hello.ferry.yaml
            path: $.messages[0].message
        body:
          grpc:
            messages:
              - message: '{{greeting}}'
              - message: '{{again}}'
        expect:
          body:
            $.messages[*].message: [echo Hello world, echo Hello world]
        """,
        "5-not-found.ferry.yaml": """
        url: grpc://{{host}}/helloworld.Greeter/SayHello
        body:
          grpc:
            message:
              name: status:5
        expect:
          grpc:
            status: NOT_FOUND
            message: failed on purpose
        """,
    ]

    @Test func aCollectionOfEveryCallKindRunsWithCapturesChainsAndReports() async throws {
        let server = try await PythonGRPCServer()
        let collection = try Collection(server: server, files: Self.calls)
        let report = collection.directory.file("report.xml")
        let outcome = await collection.run(["--reporter", "junit", "-o", report])
        #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
        let junit = try String(contentsOfFile: report, encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase").count - 1 == 5, "\(junit)")
        #expect(!junit.contains("<failure"), "\(junit)")

        let json = await collection.run(["--reporter", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(json.text.contains("grpc-status"), "\(json.text)")
        _ = document
    }

    @Test func aFailingCheckAndAStatusNobodyExpectedExitThree() async throws {
        let server = try await PythonGRPCServer()
        let collection = try Collection(
            server: server,
            files: [
                "wrong.ferry.yaml": """
                url: grpc://{{host}}/helloworld.Greeter/SayHello
                body:
                  grpc:
                    message: {name: x}
                expect:
                  body:
                    $.messages[0].message: Hello y
                """,
                "unexpected.ferry.yaml": """
                url: grpc://{{host}}/helloworld.Greeter/SayHello
                body:
                  grpc:
                    message: {name: "status:3"}
                """,
            ])
        let outcome = await collection.run()
        #expect(outcome.status == 3, "\(outcome.text)\(outcome.stderr)")
        #expect(outcome.text.contains("0 passed, 2 failed"), "\(outcome.text)")
        #expect(outcome.text.contains(#"grpc-status == "OK""#), "\(outcome.text)")
        #expect(outcome.text.contains("Hello x"), "\(outcome.text)")

        let sent = await collection.ferry(["send", collection.directory.file("unexpected.ferry.yaml"), "--env", "test"])
        #expect(sent.status == 3)
        #expect(sent.text.contains("\"name\": \"INVALID_ARGUMENT\""), "\(sent.text)")
        #expect(sent.text.contains("\"field\": \"name\""), "\(sent.text)")  // the BadRequest detail, decoded
        #expect(sent.stderr.contains(#"grpc-status == "OK""#), "\(sent.stderr)")
    }

    @Test func theHistoryKeepsMessagesStatusAndTrailersAndReplaysAndCompares() async throws {
        let server = try await PythonGRPCServer()
        let collection = try Collection(server: server, files: ["1-hello.ferry.yaml": Self.calls["1-hello.ferry.yaml"]!])
        let file = collection.directory.file("1-hello.ferry.yaml")
        let sent = await collection.ferry(["send", file, "--env", "test", "-i"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("\"message\": \"Hello world\""), "\(sent.text)")
        #expect(sent.text.contains("x-trailer: kept"), "\(sent.text)")

        let list = await collection.ferry(["history", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        let id = try #require(rows.first?["id"] as? Int)
        #expect(rows.first?["url"] as? String == "grpc://127.0.0.1:\(server.port)/helloworld.Greeter/SayHello")

        let report = await collection.ferry(["history", "show", "\(id)", "--json"])
        let exchange = try #require(try JSONSerialization.jsonObject(with: report.stdout) as? [String: Any])["exchange"] as? [String: Any]
        let trailers = try #require((exchange?["response"] as? [String: Any])?["trailers"] as? [[String: String]])
        #expect(trailers.contains { $0["name"] == "grpc-status" && $0["value"] == "0" }, "\(trailers)")

        let shown = await collection.ferry(["history", "show", "\(id)"])
        #expect(shown.text.contains(#"[{"name":"world"}]"#), "\(shown.text)")
        #expect(shown.text.contains("< grpc-status: 0"), "\(shown.text)")
        #expect(shown.text.contains("< x-trailer: kept"), "\(shown.text)")
        #expect(shown.text.contains("Hello world"), "\(shown.text)")

        let replayed = await collection.ferry(["history", "replay", "\(id)"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.text.contains("Hello world"), "\(replayed.text)")
        let again = try #require(
            try JSONSerialization.jsonObject(with: await collection.ferry(["history", "list", "--json"]).stdout) as? [[String: Any]])
        let newID = try #require(again.first?["id"] as? Int)
        #expect(newID != id)
        let diff = await collection.ferry(["history", "diff", "\(id)", "\(newID)"])
        #expect(diff.status == 0, "\(diff.text)\(diff.stderr)")
    }

    @Test func aFileExportsAsGrpcurlAndTheCommandImportsBack() async throws {
        let server = try await PythonGRPCServer()
        let collection = try Collection(server: server, files: ["3-record.ferry.yaml": Self.calls["3-record.ferry.yaml"]!])
        let exported = await collection.ferry(["export", "grpcurl", collection.directory.file("3-record.ferry.yaml"), "--env", "test"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            exported.text == """
                grpcurl -plaintext \\
                  -d '{"latitude":1} {"latitude":2} {}' \\
                  127.0.0.1:\(server.port) routeguide.RouteGuide/RecordRoute

                """, "\(exported.text)")
        let into = try TemporaryDirectory()
        let imported = await collection.ferry([
            "import", "grpcurl", exported.text.replacingOccurrences(of: "\\\n", with: ""), "--into", into.path,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let written = try String(contentsOfFile: into.file("recordroute.ferry.yaml"), encoding: .utf8)
        #expect(written.contains("url: grpc://127.0.0.1:\(server.port)/routeguide.RouteGuide/RecordRoute"), "\(written)")
        let resent = await collection.ferry(["send", into.file("recordroute.ferry.yaml")])
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(resent.text.contains("\"pointCount\": 3"), "\(resent.text)")
    }

    /// Issue 33: a run hands each call to the transport while the one before is on the wire
    /// (`TransferTurn`). A call whose service reflection has not described yet is not handed so
    /// (its reflection request would go out first): it is sent in its own time, and the call
    /// after it still waits for it — every call starts after the one before has ended.
    @Test func callsHandedOverAheadStillGoOutOneAfterAnother() async throws {
        let server = try await PythonGRPCServer()
        let feature = """
            url: grpc://{{host}}/routeguide.RouteGuide/GetFeature
            body:
              grpc:
                message: {latitude: 407838351, longitude: -746143763}
            expect:
              body:
                $.messages[0].name: Patriots Path, Mendham, NJ 07945, USA
            """
        let collection = try Collection(
            server: server,
            files: [
                "1-feature.ferry.yaml": feature,
                "2-slow-hello.ferry.yaml": """
                url: grpc://{{host}}/helloworld.Greeter/SayHello
                body:
                  grpc:
                    message: {name: "sleep:0.4"}
                expect:
                  body:
                    $.messages[0].message: Hello sleep:0.4
                """,
                "3-feature.ferry.yaml": feature, "4-feature.ferry.yaml": feature,
            ])
        let outcome = await collection.run()
        #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
        #expect(outcome.text.contains("4 passed, 0 failed"), "\(outcome.text)")
        let list = await collection.ferry(["history", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]]).reversed()
        let dates = ISO8601DateFormatter()
        dates.formatOptions.insert(.withFractionalSeconds)
        let spans = try rows.map { row in
            let start = try #require((row["time"] as? String).flatMap(dates.date(from:)), "\(row)")
            return (url: row["url"] as? String ?? "", start: start, end: start + (row["durationMs"] as? Double ?? 0) / 1000)
        }
        #expect(spans.count == 4, "\(spans)")
        for (before, after) in zip(spans, spans.dropFirst()) {
            // A millisecond's leeway: the history keeps times to the millisecond.
            #expect(after.start >= before.end - 0.001, "\(after.url) started before \(before.url) ended: \(spans)")
        }
    }

    /// Transfers that share an HTTP/2 connection at once — calls side by side (`--jobs`), or a call's
    /// details looked up by reflection while the next call is already out — each get an easy handle
    /// libcurl accepts: one whose transfer ended while its connection was still in use is not reused
    /// (libcurl 7.88 refused its buffer size: "the transfer failed while configuring the request").
    @Test func callsSharingAConnectionEachGetAHandleLibcurlAccepts() async throws {
        let server = try await PythonGRPCServer()
        let collection = try Collection(
            server: server,
            files: [
                "1-hello.ferry.yaml": """
                url: grpc://{{host}}/helloworld.Greeter/SayHello
                body:
                  grpc:
                    message: {name: one}
                expect:
                  body:
                    $.messages[0].message: Hello one
                """,
                "2-feature.ferry.yaml": """
                url: grpc://{{host}}/routeguide.RouteGuide/GetFeature
                body:
                  grpc:
                    message: {latitude: 407838351, longitude: -746143763}
                expect:
                  grpc:
                    status: OK
                """,
                "3-not-found.ferry.yaml": """
                url: grpc://{{host}}/helloworld.Greeter/SayHello
                body:
                  grpc:
                    message: {name: "status:5"}
                expect:
                  grpc:
                    status: NOT_FOUND
                """,
            ])
        for flags in [["--repeat", "4"], ["--repeat", "4", "--jobs", "3"]] {
            let outcome = await collection.run(flags + ["--no-history"])
            #expect(outcome.status == 0, "\(flags): \(outcome.text)\(outcome.stderr)")
            #expect(outcome.text.contains("12 passed, 0 failed"), "\(flags): \(outcome.text)")
        }
    }

    /// A request file that asks for clear-text HTTP/2 with prior knowledge (`httpVersion: 2-prior-knowledge`)
    /// is handed over ahead of its turn too, reusing the connection the request before opened
    /// (libcurl 7.88 cannot send a second prior-knowledge request on one: `PriorKnowledgeConnections`).
    @Test func priorKnowledgeRequestFilesRunInTurn() async throws {
        let server = try await PythonGRPCServer()
        let post = """
            method: POST
            url: http://{{host}}/helloworld.Greeter/SayHello
            options: {httpVersion: 2-prior-knowledge}
            headers:
              - te: trailers
            body:
              file: empty-hello.bin
              contentType: application/grpc
            expect:
              status: 200
              headers:
                content-type: application/grpc
            """
        let files = Dictionary(uniqueKeysWithValues: (1...6).map { ("\($0)-post.ferry.yaml", post) })
        let collection = try Collection(server: server, files: files)
        // One gRPC frame: not compressed, no bytes (an empty HelloRequest).
        _ = try collection.directory.write("empty-hello.bin", Data([0, 0, 0, 0, 0]))
        let outcome = await collection.run(["--reporter", "json"])
        #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
        #expect(outcome.text.components(separatedBy: "HTTP/2").count - 1 >= 6, "each over HTTP/2: \(outcome.text)")
    }
}
