import FerryTestSupport
import Foundation
import Testing

/// Scripts through the real `ferry` against the demo server (issue 30): every API of the prelude
/// in `Fixtures/scripts/api` (Postman's pm and legacy globals, Bruno's bru/req/res, the ferry
/// object, sendRequest, variables flowing on, setNextRequest, skipRequest), and the bad scripts of
/// `Fixtures/scripts/bad`, each a located error while the run goes on.
@Suite struct ScriptRunTests {
    /// The fixture collection copied into a fresh folder with a `test` environment pointing at `baseURL`.
    private struct Collection {
        let directory: TemporaryDirectory
        let dataHome: TemporaryDirectory
        var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 } }

        init(baseURL: String) throws {
            directory = try TemporaryDirectory()
            dataHome = try TemporaryDirectory()
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/scripts").path
            for name in try FileManager.default.contentsOfDirectory(atPath: fixture) {
                try FileManager.default.copyItem(atPath: (fixture as NSString).appendingPathComponent(name), toPath: directory.file(name))
            }
            try FileManager.default.createDirectory(atPath: directory.file("environments"), withIntermediateDirectories: true)
            _ = try directory.write("environments/test.yaml", Data("baseURL: \(baseURL)\n".utf8))
        }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }

        /// `ferry run PATH --env test --reporter json` with `options`, its results by path.
        func run(_ path: String, _ options: String...) async throws -> (FerryBinary.Outcome, [String: [String: Any]]) {
            let outcome = await ferry(["run", directory.file(path), "--env", "test", "--reporter", "json"] + options)
            let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.stderr)")
            let results = try #require(report["results"] as? [[String: Any]])
            return (outcome, Dictionary(results.map { ($0["path"] as! String, $0) }, uniquingKeysWith: { $1 }))
        }
    }

    private static func assertions(_ result: [String: Any]?) -> [[String: Any]] { result?["assertions"] as? [[String: Any]] ?? [] }

    @Test func everyAPIRunsAndVariablesFlowOnInOrder() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let (outcome, results) = try await collection.run("api")
            #expect(outcome.status == 0, "\(outcome.text)")
            for path in [
                "api/postman.ferry.yaml", "api/legacy.ferry.yaml", "api/bruno.ferry.yaml", "api/ferry.ferry.yaml", "api/send.ferry.yaml",
            ]
                + ["api/flow.ferry.yaml"]
            {
                let failed = Self.assertions(results[path]).filter { $0["passed"] as? Bool != true }
                #expect(results[path]?["status"] as? String == "passed", "\(path): \(failed)")
            }
            let postman = Self.assertions(results["api/postman.ferry.yaml"]).map { $0["assertion"] as! String }
            #expect(postman.contains("test \"the Chai chain\"") && postman.contains("test \"a skipped test\" (skipped)"))
            #expect(Self.assertions(results["api/legacy.ferry.yaml"]).count == 6, "five tests[…] and the collection's test")
            #expect(results["api/never.ferry.yaml"] == nil, "setNextRequest went past it")
            #expect(results["api/skipped.ferry.yaml"]?["status"] as? String == "skipped")
            #expect(
                results["api/postman.ferry.yaml"]?["console"] as? [String] == [
                    "collection pre-request", "folder pre-request", "request pre-request", "request tests", "folder tests",
                    "collection tests",
                ], "before: collection → folder → request; after: request → folder → collection")
        }
    }

    /// `Fixtures/scripts/ahead`: the second request is prepared (its pre-request script run) while
    /// the first is on the wire, with what the first's pre-request script set; the third, after the
    /// second's tests, which set a variable it names.
    @Test func aScriptedRunPreparesTheNextRequestAheadOnlyWhenTheTestsCannotChangeIt() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let (outcome, results) = try await collection.run("ahead")
            #expect(outcome.status == 0, "\(outcome.text)")
            for path in ["ahead/a-first.ferry.yaml", "ahead/b-second.ferry.yaml", "ahead/c-third.ferry.yaml"] {
                let failed = Self.assertions(results[path]).filter { $0["passed"] as? Bool != true }
                #expect(results[path]?["status"] as? String == "passed", "\(path): \(failed) \(outcome.stderr)")
            }
        }
    }

    /// A tests script that runs to its time limit (2 s) holds no other request, whether the next
    /// one is on the wire meanwhile (the tests cannot change it: they run on the curl loop and pump
    /// it, so the transfer goes on) or waits for them (they set a variable: nothing else is on the
    /// wire): each next request passes within `--max-time 1`.
    @Test func aScriptRunningToItsTimeLimitHoldsNoOtherRequest() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            try FileManager.default.createDirectory(atPath: collection.directory.file("slow"), withIntermediateDirectories: true)
            let files = [
                "_folder": "scriptTimeLimit: 2\n",
                "a-loop": "url: \"{{baseURL}}/get\"\nscripts:\n  tests: |\n    while (true) {}\n",
                "b-plain": "url: \"{{baseURL}}/get?b=1\"\nexpect:\n  status: 200\n",
                "c-loop-sets":
                    "url: \"{{baseURL}}/get\"\nscripts:\n  tests: |\n    pm.environment.set(\"x\", \"1\");\n    while (true) {}\n",
                "d-plain": "url: \"{{baseURL}}/get?d=1\"\nexpect:\n  status: 200\n",
            ]
            for (name, text) in files { _ = try collection.directory.write("slow/\(name).ferry.yaml", Data(text.utf8)) }
            let (outcome, results) = try await collection.run("slow", "--max-time", "1")
            #expect(outcome.status == 3, "\(outcome.text)\(outcome.stderr)")
            for loop in ["a-loop", "c-loop-sets"] {
                let failure = Self.assertions(results["slow/\(loop).ferry.yaml"]).first { $0["passed"] as? Bool == false }
                #expect((failure?["problem"] as? String)?.contains("TimeLimit") == true, "\(loop): \(failure ?? [:])")
            }
            for plain in ["b-plain", "d-plain"] {
                #expect(
                    results["slow/\(plain).ferry.yaml"]?["status"] as? String == "passed",
                    "\(plain): \(results["slow/\(plain).ferry.yaml"] ?? [:])")
            }
        }
    }

    @Test func badScriptsAreLocatedErrorsAndTheRunGoesOn() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let (outcome, results) = try await collection.run("bad")
            #expect(outcome.status == 3)
            let expected = [
                "loop": "tests script: TimeLimit", "huge": "String.prototype.repeat would make 1073741824 characters",
                "recursion": "RangeError: Maximum call stack size exceeded", "fs": "require('fs')",
                "child-process": "require('child_process')", "variables": "a script may set at most 10000 variables",
                "syntax": "SyntaxError", "rejected": "Error: nope", "thrown": "TypeError: thrown on purpose",
            ]
            for (name, words) in expected {
                let path = "bad/\(name).ferry.yaml"
                #expect(results[path]?["status"] as? String == "failed", "\(path)")
                let failure = Self.assertions(results[path]).first { $0["passed"] as? Bool == false }
                let place = failure?["assertion"] as? String ?? ""
                #expect(place.hasPrefix(collection.directory.file(path) + ":"), "located in its file: \(Self.assertions(results[path]))")
                #expect((failure?["problem"] as? String)?.contains(words) == true, "\(path): \(failure ?? [:])")
            }
            #expect(results["bad/after.ferry.yaml"]?["status"] as? String == "passed", "the run goes on")
        }
    }

    @Test func sendRunsAFilesScriptsPrintsTheirConsoleWithVerboseAndFailsOnAFailedTest() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let file = collection.directory.file("api/postman.ferry.yaml")
            let sent = await collection.ferry(["send", file, "--env", "test", "-v"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stderr.contains("request pre-request\nrequest tests\nfolder tests\ncollection tests"), "\(sent.stderr)")
            #expect(sent.stderr.contains("✓ test \"the Chai chain\""))
            #expect(sent.text.contains("\"X-Added\" : \"yes\""), "the pre-request script changed what was sent")
            let failing = collection.directory.file("bad/thrown.ferry.yaml")
            let failed = await collection.ferry(["send", failing, "--env", "test"])
            #expect(failed.status == 3)
            #expect(failed.stderr.contains("bad/thrown.ferry.yaml:5:24: tests script: TypeError: thrown on purpose"), "\(failed.stderr)")
            let junit = await collection.ferry(["run", file, "--env", "test", "--reporter", "junit"])
            #expect(junit.text.contains("<system-out>collection pre-request\nfolder pre-request"), "\(junit.text)")
        }
    }

    @Test func aChainedRequestRunsItsPreRequestScript() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            try FileManager.default.createDirectory(atPath: collection.directory.file("chain"), withIntermediateDirectories: true)
            _ = try collection.directory.write(
                "chain/source.ferry.yaml",
                Data(
                    "url: \"{{baseURL}}/anything/source\"\nscripts:\n  pre-request: |\n    pm.request.headers.add({ key: 'X-Sig', value: 'signed' });\n"
                        .utf8))
            _ = try collection.directory.write(
                "chain/use.ferry.yaml",
                Data("url: \"{{baseURL}}/anything/{{sig}}\"\nexpect:\n  body:\n    $.url: { contains: /anything/signed }\n".utf8))
            _ = try collection.directory.write(
                "environments/test.yaml",
                Data("baseURL: \(server.baseURL)\nsig:\n  from: chain/source.ferry.yaml\n  path: \"$.headers['X-Sig']\"\n".utf8))
            let (outcome, results) = try await collection.run("chain/use.ferry.yaml")
            #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
            #expect(results["chain/use.ferry.yaml"]?["status"] as? String == "passed")
        }
    }

    @Test func scriptTestsAreInTheHistoryOfSendRunAndChainedRequests() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            try FileManager.default.createDirectory(atPath: collection.directory.file("chain"), withIntermediateDirectories: true)
            _ = try collection.directory.write(
                "chain/source.ferry.yaml",
                Data(
                    "url: \"{{baseURL}}/anything/source\"\nscripts:\n  tests: |\n    pm.test('source answered', () => pm.expect(pm.response.code).to.equal(200));\n"
                        .utf8))
            _ = try collection.directory.write("chain/use.ferry.yaml", Data("url: \"{{baseURL}}/anything/{{got}}\"\n".utf8))
            _ = try collection.directory.write(
                "environments/test.yaml", Data("baseURL: \(server.baseURL)\ngot:\n  from: chain/source.ferry.yaml\n  path: $.method\n".utf8)
            )
            let file = collection.directory.file("api/postman.ferry.yaml")
            #expect(await collection.ferry(["send", file, "--env", "test"]).status == 0)
            #expect(await collection.ferry(["run", file, "--env", "test"]).status == 0)
            #expect(await collection.ferry(["send", collection.directory.file("chain/use.ferry.yaml"), "--env", "test"]).status == 0)
            let listed = await collection.ferry(["history", "list", "--json", "--limit", "10"])
            let rows = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]], "\(listed.stderr)")
            var shown: [String: [String]] = [:]
            for row in rows {
                let id = try #require(row["id"] as? Int)
                let url = row["url"] as? String ?? ""
                shown[url, default: []].append(await collection.ferry(["history", "show", "\(id)"]).text)
            }
            let postman = shown.first { $0.key.contains("/anything/41") }?.value ?? []
            #expect(postman.count == 2, "send and run each recorded it: \(shown.keys)")
            #expect(postman.allSatisfy { $0.contains("✓ test \"the Chai chain\"") }, "\(postman)")
            let source = shown["\(server.baseURL)/anything/source"] ?? []
            #expect(source.count == 1 && source[0].contains("✓ test \"source answered\""), "a chained request runs its tests: \(source)")
        }
    }

    @Test func withoutJavaScriptCoreAScriptFailsNamingThePackageAndTheRestRuns() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL)
            let missing = collection.environment.merging(["FERRY_JAVASCRIPTCORE": "/nonexistent/libjavascriptcoregtk.so"]) { $1 }
            let outcome = await FerryBinary.run(
                ["run", collection.directory.file("bad/after.ferry.yaml"), "--env", "test"], environment: missing)
            #expect(outcome.status == 3)
            #expect(outcome.text.contains("install the Debian package libjavascriptcoregtk-4.1-0"), "\(outcome.text)")
            let plain = await FerryBinary.run(["send", "\(server.baseURL)/get"], environment: missing)
            #expect(plain.status == 0, "a request without scripts never loads it")
        }
    }
}
