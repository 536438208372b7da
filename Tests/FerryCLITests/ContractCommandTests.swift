import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// OpenAPI contracts where users use them, with the real binary against the demo server: `ferry run
/// --openapi` with a document the demo keeps and one that breaks each of status, content type,
/// header and body keyword in turn (every report, exit 3), `--coverage`, a collection's `openapi:`,
/// `ferry send --openapi`, and `--contract-requests error` sending nothing (the server counts).
@Suite struct ContractCommandTests {
    /// The demo's `/json`, `/status/{code}` and `/get` as an OpenAPI document; `broken` changes one
    /// part so the demo's answer breaks it.
    static func spec(brokenStatus: Bool = false, brokenType: Bool = false, brokenHeader: Bool = false, brokenBody: Bool = false) -> String {
        """
        openapi: 3.0.3
        info: {title: Demo, version: "1"}
        servers: [{url: "http://demo.example/"}]
        paths:
          /json:
            get:
              responses:
                "200":
                  description: a slide show
                  content:
                    \(brokenType ? "application/xml" : "application/json"):
                      schema: {$ref: "#/components/schemas/Show"}
          /status/{code}:
            get:
              parameters: [{name: code, in: path, required: true, schema: {type: integer}}]
              responses:
                "\(brokenStatus ? "201" : "200")": {description: ok}
                "4XX": {description: client error}
          /get:
            get:
              parameters: [{name: limit, in: query, schema: {type: integer, maximum: 10}}]
              responses:
                "200":
                  description: echo
                  headers:
                    \(brokenHeader ? "X-Request-Id" : "Content-Length"): {required: true, schema: {type: integer}}
          /never:
            post:
              responses: {"204": {description: never called}}
        components:
          schemas:
            Show:
              type: object
              required: [slideshow]
              properties:
                slideshow:
                  type: object
                  required: [title, slides]
                  properties:
                    title: {type: \(brokenBody ? "integer" : "string")}
                    slides: {type: array, minItems: 1}
        """
    }

    /// A collection with one request file per endpoint, against `baseURL`.
    struct Collection {
        let directory: TemporaryDirectory
        let dataHome: TemporaryDirectory
        var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 } }

        init(baseURL: String, files: [String: String] = [:]) throws {
            directory = try TemporaryDirectory()
            dataHome = try TemporaryDirectory()
            var all = [
                "a-json.ferry.yaml": "url: \(baseURL)/json\n",
                "b-status.ferry.yaml": "url: \(baseURL)/status/200\n",
                "c-teapot.ferry.yaml": "url: \(baseURL)/status/418\n",
                "d-get.ferry.yaml": "url: \(baseURL)/get\n",
            ]
            all.merge(files) { $1 }
            for (path, text) in all {
                try FileManager.default.createDirectory(
                    atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = try directory.write(path, Data(text.utf8))
            }
        }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }
    }

    @Test func aRunKeepsTheContractAndBreaksEachPartInTurn() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let good = try collection.directory.write("spec.yaml", Data(Self.spec().utf8))
            let passing = await collection.ferry(["run", collection.directory.path, "--openapi", good])
            #expect(passing.status == 0, "\(passing.text)\(passing.stderr)")

            let cases: [(spec: String, file: String, line: String)] = [
                (
                    Self.spec(brokenStatus: true), "b-status",
                    "✗ contract GET /status/{code}: status: 200 is not declared (201, 4XX) [#/paths/~1status~1{code}/get/responses]"
                ),
                (
                    Self.spec(brokenType: true), "a-json",
                    "✗ contract GET /json: content type: application/json is not declared (application/xml)"
                ),
                (
                    Self.spec(brokenHeader: true), "d-get",
                    "✗ contract GET /get: header X-Request-Id: is required and missing [#/paths/~1get/get/responses/200/headers/X-Request-Id/required]"
                ),
                (
                    Self.spec(brokenBody: true), "a-json",
                    "✗ /slideshow/title (3:14): expected integer, found string [#/components/schemas/Show/properties/slideshow/properties/title/type]"
                ),
            ]
            for (index, broken) in cases.enumerated() {
                let spec = try collection.directory.write("broken\(index).yaml", Data(broken.spec.utf8))
                let failing = await collection.ferry(["run", collection.directory.path, "--openapi", spec])
                #expect(failing.status == 3, "\(failing.text)\(failing.stderr)")
                #expect(failing.text.contains(broken.line), "\(failing.text)")
                let failed = failing.text.split(separator: "\n").filter { $0.hasPrefix("✗ ") }
                #expect(failed.count == 1 && failed.first?.contains(broken.file) == true, "\(failing.text)")
            }

            let bodySpec = try collection.directory.write("body.yaml", Data(Self.spec(brokenBody: true).utf8))
            let json = await collection.ferry(["run", collection.directory.path, "--openapi", bodySpec, "--reporter", "json"])
            #expect(json.status == 3)
            let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            let results = try #require(report["results"] as? [[String: Any]])
            let assertions = try #require(results.first { $0["path"] as? String == "a-json.ferry.yaml" }?["assertions"] as? [[String: Any]])
            let violation = try #require((assertions.first?["violations"] as? [[String: Any]])?.first)
            #expect(violation["pointer"] as? String == "/slideshow/title")
            #expect(violation["keyword"] as? String == "type")
            #expect(violation["schemaLocation"] as? String == "#/components/schemas/Show/properties/slideshow/properties/title/type")
            let junit = await collection.ferry(["run", collection.directory.path, "--openapi", bodySpec, "--reporter", "junit"])
            #expect(junit.status == 3)
            #expect(junit.text.contains("contract GET /json: body"), "\(junit.text)")

            // The history keeps each exchange's checks, the contract's among them.
            let run = try #require(report["run"] as? String)
            let rows = try #require(
                try JSONSerialization.jsonObject(with: await collection.ferry(["history", "search", "--run", run, "--json"]).stdout)
                    as? [[String: Any]])
            let id = try #require(rows.first { ($0["url"] as? String)?.hasSuffix("/json") == true }?["id"] as? Int)
            let shown = await collection.ferry(["history", "show", "\(id)"])
            #expect(shown.text.contains("✗ contract GET /json: body: 1 violation"), "\(shown.text)")
            #expect(shown.text.contains("✗ /slideshow/title (3:14): expected integer, found string"), "\(shown.text)")
            let shownJSON = try #require(
                try JSONSerialization.jsonObject(with: await collection.ferry(["history", "show", "\(id)", "--json"]).stdout)
                    as? [String: Any])
            let recorded = try #require((shownJSON["exchange"] as? [String: Any])?["assertions"] as? [[String: Any]])
            #expect(recorded.first?["assertion"] as? String == "contract GET /json: body")
            #expect(recorded.first?["passed"] as? Bool == false)
        }
    }

    /// A run longer than a batch of contract checks (made on a thread of their own while the run goes
    /// on) reports the one request that breaks the document, and no other, in every report and in
    /// its history row, and exits 3.
    @Test func aFailureAmongManyRequestsIsReportedOnItsOwnRequestInEveryReport() async throws {
        try await withDemoServer { server throws in
            var files: [String: String] = [:]
            for number in 1...100 {
                files[String(format: "r%03d.ferry.yaml", number)] = "url: \(server.baseURL)/\(number == 77 ? "status/201" : "json")\n"
            }
            let collection = try Collection(baseURL: server.baseURL, files: files)
            let spec = try collection.directory.write("spec.yaml", Data(Self.spec().utf8))
            let run = ["run", collection.directory.path, "--openapi", spec]
            let text = await collection.ferry(run)
            #expect(text.status == 3, "\(text.text)\(text.stderr)")
            let lines = text.text.split(separator: "\n")
            let failed = lines.indices.filter { lines[$0].hasPrefix("✗ ") }
            #expect(failed.count == 1 && lines[failed[0]].contains("r077.ferry.yaml"), "\(text.text)")
            #expect(failed.first.map { lines[$0 + 1].contains("✗ contract GET /status/{code}: status: 201 is not declared") } == true)
            #expect(lines.filter { $0.hasPrefix("✓ ") }.count == 103, "\(text.text)")
            #expect(text.text.contains("103 passed, 1 failed"), "\(text.text)")

            let json = await collection.ferry(run + ["--reporter", "json"])
            #expect(json.status == 3)
            let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            let results = try #require(report["results"] as? [[String: Any]])
            #expect(results.count == 104)
            #expect(results.filter { $0["status"] as? String != "passed" }.map { $0["path"] as? String } == ["r077.ferry.yaml"])
            let junit = await collection.ferry(run + ["--reporter", "junit"])
            #expect(junit.status == 3)
            #expect(junit.text.components(separatedBy: "<failure").count == 2, "\(junit.text)")
            #expect(junit.text.contains(#"file="r077.ferry.yaml" time="#), "\(junit.text)")
            let failure = try #require(junit.text.range(of: "<failure"))
            #expect(junit.text[..<failure.lowerBound].components(separatedBy: "<testcase").last?.contains("r077.ferry.yaml") == true)
            let tap = await collection.ferry(run + ["--reporter", "tap"])
            #expect(tap.status == 3)
            #expect(tap.text.split(separator: "\n").filter { $0.hasPrefix("not ok") } == ["not ok 81 - r077.ferry.yaml"], "\(tap.text)")

            let id = try #require(report["run"] as? String)
            let rows = try #require(
                try JSONSerialization.jsonObject(
                    with: await collection.ferry(["history", "search", "--run", id, "--json", "--limit", "500"]).stdout)
                    as? [[String: Any]])
            #expect(rows.count == 104)
            let row = try #require(rows.first { ($0["url"] as? String)?.hasSuffix("/status/201") == true }?["id"] as? Int)
            let shown = await collection.ferry(["history", "show", "\(row)"])
            #expect(shown.text.contains("✗ contract GET /status/{code}: status: 201 is not declared"), "\(shown.text)")
        }
    }

    /// A request whose own checks read the body is checked against the contract on their parse: it
    /// reports the same finding, with its location, as one that checks only the status.
    @Test func aRequestWhoseChecksReadTheBodyIsCheckedOnTheirParse() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(
                baseURL: server.baseURL,
                files: ["e-checked.ferry.yaml": "url: \(server.baseURL)/json\nexpect:\n  body:\n    $.slideshow.title: Sample Slide Show\n"]
            )
            let spec = try collection.directory.write("body.yaml", Data(Self.spec(brokenBody: true).utf8))
            let run = await collection.ferry(["run", collection.directory.path, "--openapi", spec])
            #expect(run.status == 3, "\(run.text)\(run.stderr)")
            let failed = run.text.split(separator: "\n").filter { $0.hasPrefix("✗ ") }.map { $0.split(separator: " ")[1] }
            #expect(failed == ["a-json.ferry.yaml", "e-checked.ferry.yaml"], "\(run.text)")
            let line =
                "✗ /slideshow/title (3:14): expected integer, found string [#/components/schemas/Show/properties/slideshow/properties/title/type]"
            #expect(run.text.components(separatedBy: line).count == 3, "\(run.text)")
            #expect(!run.text.contains("✗ $.slideshow.title"), "\(run.text)")
        }
    }

    @Test func coverageSaysWhichOperationsAndResponsesTheRunExercised() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let spec = try collection.directory.write("spec.yaml", Data(Self.spec().utf8))
            let text = await collection.ferry(["run", collection.directory.path, "--openapi", spec, "--coverage"])
            #expect(text.status == 0, "\(text.text)\(text.stderr)")
            #expect(text.text.contains("✓ GET /status/{code} (2 requests): 200 ✓, 4XX ✓"), "\(text.text)")
            #expect(text.text.contains("✗ POST /never (0 requests): 204 ✗"), "\(text.text)")
            #expect(text.text.contains("operations 3/4 (75%), responses 4/5 (80%)"), "\(text.text)")
            let json = await collection.ferry(["run", collection.directory.path, "--openapi", spec, "--coverage", "--reporter", "json"])
            let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            let coverage = try #require(report["coverage"] as? [String: Any])
            #expect(coverage["exercisedOperations"] as? Int == 3)
            #expect(coverage["declaredResponses"] as? Int == 5)
            #expect(coverage["exercisedResponses"] as? Int == 4)
            let without = await collection.ferry(["run", collection.directory.path, "--coverage"])
            #expect(without.status == 1)
            #expect(without.stderr.contains("--coverage"), "\(without.stderr)")
        }
    }

    @Test func aCollectionNamesItsDocumentAndSendChecksAgainstOne() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(
                baseURL: server.baseURL,
                files: ["_folder.ferry.yaml": "openapi: api/spec.yaml\n", "api/spec.yaml": Self.spec(brokenStatus: true)])
            let run = await collection.ferry(["run", collection.directory.path])
            #expect(run.status == 3, "\(run.text)\(run.stderr)")
            #expect(run.text.contains("contract GET /status/{code}: status"), "\(run.text)")
            let outside = try TemporaryDirectory()
            let far = try outside.write("spec.yaml", Data(Self.spec().utf8))
            _ = try collection.directory.write("_folder.ferry.yaml", Data("openapi: \(far)\n".utf8))
            let refused = await collection.ferry(["run", collection.directory.path])
            #expect(refused.status == 1, "\(refused.text)\(refused.stderr)")
            #expect(refused.stderr.contains("outside"), "\(refused.stderr)")

            let good = try collection.directory.write("good.yaml", Data(Self.spec().utf8))
            let sent = await collection.ferry(["send", server.baseURL + "/json", "--openapi", good])
            #expect(sent.status == 0, "\(sent.text)\(sent.stderr)")
            let bad = try collection.directory.write("bad.yaml", Data(Self.spec(brokenBody: true).utf8))
            let broken = await collection.ferry(["send", server.baseURL + "/json", "--openapi", bad])
            #expect(broken.status == 3, "\(broken.text)\(broken.stderr)")
            #expect((broken.text + broken.stderr).contains("/slideshow/title"), "\(broken.text)\(broken.stderr)")
            for command in [["run", collection.directory.path], ["send", server.baseURL + "/json"]] {
                let absent = await collection.ferry(command + ["--openapi", collection.directory.file("absent.yaml")])
                #expect(absent.status == 1, "\(absent.text)\(absent.stderr)")
                #expect(absent.stderr.contains("absent.yaml: cannot be read (No such file or directory)"), "\(absent.stderr)")
                #expect(!absent.stderr.contains("request: request:"), "\(absent.stderr)")
            }
        }
    }

    @Test func aRequestThatBreaksTheContractIsNotSentWhenRequestsAreErrors() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let collection = try Collection(baseURL: server.url, files: ["e-limit.ferry.yaml": "url: \(server.url)/get?limit=500\n"])
        let spec = try collection.directory.write("spec.yaml", Data(Self.spec().utf8))
        let warned = await collection.ferry(["run", collection.directory.file("e-limit.ferry.yaml"), "--openapi", spec])
        #expect(server.count(of: "/get?limit=500") == 1)
        #expect(warned.text.contains("! contract GET /get: parameter limit (query): "), "\(warned.text)")
        let refused = await collection.ferry([
            "run", collection.directory.file("e-limit.ferry.yaml"), "--openapi", spec, "--contract-requests", "error",
        ])
        #expect(refused.status == 3, "\(refused.text)\(refused.stderr)")
        #expect(refused.text.contains("not sent"), "\(refused.text)")
        #expect(refused.text.contains("maximum"), "\(refused.text)")
        let sent = await collection.ferry(["send", server.url + "/get?limit=99", "--openapi", spec, "--contract-requests", "error"])
        #expect(sent.status == 3, "\(sent.text)\(sent.stderr)")
        #expect(server.count(of: "/get?limit=500") == 1)
        #expect(server.count(of: "/get?limit=99") == 0)
    }
}
