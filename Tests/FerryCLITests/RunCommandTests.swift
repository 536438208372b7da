import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry run` end to end: the Examples suites against the demo server, reports read back by a
/// JUnit consumer from outside the project, secrets redacted in every report and in the history.
/// The demo server's log-in password (`POST /login`).
private let demoPassword = "s3cret-demo"

@Suite struct RunCommandTests {
    /// The examples' `checks` and `checks-failing` folders in a fresh collection whose `test`
    /// environment points at `baseURL`, with its own history folder.
    private struct Suite {
        let directory: TemporaryDirectory
        let dataHome: TemporaryDirectory
        var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 } }

        init(baseURL: String, extra: [String: String] = [:]) throws {
            directory = try TemporaryDirectory()
            dataHome = try TemporaryDirectory()
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized
                .path
            for folder in ["checks", "checks-failing"] {
                try FileManager.default.copyItem(
                    atPath: (examples as NSString).appendingPathComponent(folder), toPath: directory.file(folder))
            }
            var files = extra
            files["environments/test.yaml"] = "baseURL: \(baseURL)\nuser: ferry\npassword:\n  value: \(demoPassword)\n  secret: true\n"
            for (path, text) in files {
                try FileManager.default.createDirectory(
                    atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = try directory.write(path, Data(text.utf8))
            }
        }

        /// `ferry run` on folders of the suite, then the flags.
        func run(_ folders: [String], _ flags: [String] = []) async -> FerryBinary.Outcome {
            await FerryBinary.run(["run"] + folders.map(directory.file) + flags + ["--env", "test"], environment: environment)
        }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }
    }

    /// The run id from the last line of a text report.
    private func runID(_ outcome: FerryBinary.Outcome) throws -> String {
        let last = try #require(outcome.text.split(separator: "\n").last)
        return String(try #require(last.split(separator: " ").dropFirst().first).dropLast())
    }

    @Test func theChecksSuitePassesWithTheCapturedTokenAndIsInTheHistoryUnderItsRun() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL)
            let outcome = await suite.run(["checks"])
            #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
            let lines = outcome.text.split(separator: "\n").map(String.init)
            #expect(
                lines.prefix(5).map { $0.split(separator: " ")[1] } == [
                    "checks/login.ferry.yaml", "checks/me.ferry.yaml", "checks/json.ferry.yaml",
                    "checks/xml.ferry.yaml", "checks/redirected.ferry.yaml",
                ], "the folder's order:")
            #expect(lines.prefix(5).allSatisfy { $0.hasPrefix("✓") }, "\(outcome.text)")
            #expect(lines.contains("5 passed, 0 failed"))
            let id = try runID(outcome)
            let history = await suite.ferry(["history", "search", "--run", id, "--json"])
            let entries = try #require(try JSONSerialization.jsonObject(with: history.stdout) as? [[String: Any]], "\(history.stderr)")
            #expect(entries.count == 5)
            let login = try #require(entries.first { ($0["url"] as? String)?.hasSuffix("/login") == true })
            let shown = await suite.ferry(["history", "show", "\(login["id"]!)", "--json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.text.contains("{{token}}"), "the captured secret is redacted in the history")
            #expect(!shown.text.contains("ZmVycnk"), "no token (it starts with the user's name in base64) is stored")
            #expect(!shown.text.contains(demoPassword))
        }
    }

    @Test func aRunWithoutTheHistoryPointsToNoHistorySearch() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL)
            let outcome = await suite.run(["checks"], ["--no-history"])
            #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
            #expect(outcome.text.split(separator: "\n").last == "5 passed, 0 failed", "\(outcome.text)")
            #expect(!outcome.text.contains("history search"), "nothing was recorded to search")
        }
    }

    @Test func failuresAreExplainedAndTheJUnitReportReadsInAJUnitConsumer() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL)
            let report = suite.directory.file("report.xml")
            let outcome = await suite.run(["checks", "checks-failing"], ["--reporter", "junit", "-o", report])
            #expect(outcome.status == 3, "\(outcome.text)\(outcome.stderr)")
            #expect(outcome.text.contains("✗ status == 200 (actual 418)"))
            #expect(
                outcome.text.contains(
                    "- checks-failing/needs-capture.ferry.yaml  skipped: needs {{orderID}}, which checks-failing/missing-capture.ferry.yaml did not capture"
                ))
            #expect(outcome.text.contains("5 passed, 2 failed, 1 skipped"))
            let script = """
                import sys
                from junitparser import JUnitXml, Failure, Skipped
                xml = JUnitXml.fromfile(sys.argv[1])
                for suite in xml:
                    for case in suite:
                        kinds = [type(r).__name__ for r in case.result]
                        messages = [r.message for r in case.result]
                        print(f"{suite.name}|{case.classname}|{case.name}|{','.join(kinds)}|{';'.join(m or '' for m in messages)}|{case.time >= 0}")
                print("totals", xml.tests, xml.failures, xml.errors, xml.skipped)
                """
            let parsed = await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, report], timeout: 60)
            #expect(parsed.status == 0, "\(parsed.stderr)")
            let rows = parsed.text.split(separator: "\n").map(String.init)
            #expect(rows.last == "totals 8 2 0 1", "\(parsed.text)")
            #expect(rows.contains("checks|checks|log in|||True"))
            #expect(
                rows.contains("checks-failing|checks-failing|expects 200 from a teapot|Failure|expected status == 200, actual 418|True"),
                "\(parsed.text)")
            #expect(
                rows.contains {
                    $0.hasPrefix("checks-failing|checks-failing|needs the capture that found nothing (skipped)|Skipped|needs {{orderID}}")
                }, "\(parsed.text)")
        }
    }

    @Test(arguments: ["text", "json", "junit", "tap"])
    func secretsAreRedactedInEveryReport(reporter: String) async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL)
            let outcome = await suite.run(["checks"], ["--reporter", reporter])
            #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
            #expect(!outcome.text.isEmpty)
            #expect(!outcome.text.contains("ZmVycnk"), "the captured token")
            #expect(!outcome.text.contains(demoPassword))
            if reporter == "json" {
                let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
                #expect(report["passed"] as? Int == 5)
                let results = try #require(report["results"] as? [[String: Any]])
                let me = try #require(results.first { $0["path"] as? String == "checks/me.ferry.yaml" })
                let headers = try #require(
                    ((me["exchange"] as? [String: Any])?["request"] as? [String: Any])?["headers"] as? [[String: String]])
                #expect(
                    headers.contains { $0["name"] == "Authorization" && $0["value"]?.hasPrefix("Bearer {{") == true },
                    "the header is shown as sent, its token redacted: \(headers)")
            }
        }
    }

    /// A malformed assertion, and a folder whose only request file is malformed (it once said the
    /// folder "holds no request file"), are named with file, line and column and not sent; the other
    /// files of the run are (one bad file once refused the whole run), and the exit code is 1.
    @Test(arguments: [
        (
            "checks", "checks/zz-broken.ferry.yaml", "url: \"{{baseURL}}/get\"\nexpect:\n  body:\n    $.a: { near: 1 }\n",
            "zz-broken.ferry.yaml:4:12: expect.body.$.a.near: unknown key", true
        ),
        (
            "broken", "broken/only.ferry.yaml", "url: \"{{baseURL}}/get\"\nexpect:\n  status: [200,\n",
            "only.ferry.yaml:4:1: is not valid YAML", false
        ),
    ])
    func aMalformedFileIsNamedAndTheOthersRun(folder: String, file: String, text: String, message: String, others: Bool) async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL, extra: [file: text])
            let outcome = await suite.run([folder])
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("nothing was sent") == !others, "\(outcome.stderr)")
            #expect(outcome.text.contains("1 file not read") == others, "\(outcome.text)")
            let history = await suite.ferry(["history", "list", "--json"])
            let entries = try #require(try JSONSerialization.jsonObject(with: history.stdout) as? [Any], "\(history.stderr)")
            #expect(entries.isEmpty == !others, "\(history.text)")
            if others {
                let tap = await suite.run([folder], ["--reporter", "tap"])
                #expect(tap.text.contains("- \(file)") || tap.text.contains(file), "\(tap.text)")
                #expect(tap.text.contains(message), "the TAP report gives the reason: \(tap.text)")
            }
        }
    }

    @Test func bailFilterAndRepeatChooseWhatRuns() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(baseURL: server.baseURL)
            let bailed = await suite.run(["checks-failing"], ["--bail"])
            #expect(bailed.status == 3)
            #expect(
                bailed.text.contains(
                    "- checks-failing/missing-capture.ferry.yaml  skipped: checks-failing/wrong-status.ferry.yaml failed (--bail)"),
                "\(bailed.text)")
            let filtered = await suite.run(["checks"], ["--filter", "json*", "--filter", "checks/xml.ferry.yaml"])
            #expect(filtered.status == 0, "\(filtered.text)\(filtered.stderr)")
            #expect(filtered.text.contains("2 passed, 0 failed"), "\(filtered.text)")
            let repeated = await suite.run(["checks"], ["--repeat", "2", "--reporter", "tap"])
            #expect(repeated.status == 0)
            #expect(repeated.text.contains("1..10"))
            #expect(repeated.text.contains("ok 6 - checks/login.ferry.yaml \\#2"), "\(repeated.text)")
            let parallel = await suite.run(["checks", "checks-failing"], ["--jobs", "4", "--reporter", "tap"])
            #expect(parallel.status == 3)
            let points = parallel.text.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }
            #expect(
                points.map { $0.split(separator: " - ")[1].split(separator: " ")[0] } == [
                    "checks/login.ferry.yaml", "checks/me.ferry.yaml", "checks/json.ferry.yaml", "checks/xml.ferry.yaml",
                    "checks/redirected.ferry.yaml",
                    "checks-failing/wrong-status.ferry.yaml", "checks-failing/missing-capture.ferry.yaml",
                    "checks-failing/needs-capture.ferry.yaml",
                ], "results keep the run order with --jobs:\n\(parallel.text)")
            #expect(points.prefix(5).allSatisfy { $0.hasPrefix("ok") }, "me waits for the token login captures:\n\(parallel.text)")
            #expect(points.last?.contains("# SKIP needs {{orderID}}") == true)
            let none = await suite.run(["checks"], ["--filter", "nothing-*"])
            #expect(none.status == 1)
            #expect(none.stderr.contains("no request file matches"))
        }
    }

    @Test func dataRowsRetriesAndSkips() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(
                baseURL: server.baseURL,
                extra: [
                    "data/echo.ferry.yaml": """
                    url: "{{baseURL}}/anything/{{name}}"
                    params:
                      n: "{{n}}"
                    expect:
                      body:
                        $.args.n: "{{n}}"
                        $.url: { endsWith: "/anything/ann?n=1" }
                    """,
                    "data/retried.ferry.yaml":
                        "url: \"{{baseURL}}/status/503\"\nretry: { count: 2, interval: 10 }\nexpect:\n  status: 200\n",
                    "data/skipped.ferry.yaml": "url: \"{{baseURL}}/get\"\nskip: \"{{name}} == bob\"\n",
                    "rows.csv": "name,n\nann,1\n\"bob\",\"2\"\n",
                    "bad.csv": "name,n\nann,1\nbob\ncy,3\n",
                    "rows.json": #"[{"name": "ann", "n": 1}, {"name": "bob", "n": {"deep": 2}}]"#,
                ])
            let outcome = await suite.run(["data"], ["--data", suite.directory.file("rows.csv"), "--reporter", "json"])
            #expect(outcome.status == 3, "\(outcome.text)\(outcome.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let results = try #require(report["results"] as? [[String: Any]])
            let summary = results.map { "\($0["path"]!) #\($0["iteration"]!) \($0["status"]!) \($0["attempts"]!)" }
            #expect(
                summary == [
                    "data/echo.ferry.yaml #1 passed 1", "data/retried.ferry.yaml #1 failed 3", "data/skipped.ferry.yaml #1 passed 1",
                    "data/echo.ferry.yaml #2 failed 1", "data/retried.ferry.yaml #2 failed 3", "data/skipped.ferry.yaml #2 skipped 1",
                ],
                "\(summary)")
            let echoChecks = try #require(results[3]["assertions"] as? [[String: Any]])
            #expect(
                echoChecks.map { $0["passed"] as? Bool } == [true, false],
                "row 2's n is filled into the expected value; its URL is not ann's")
            #expect(results[5]["skipReason"] as? String == "skip: bob == bob")

            let bad = await suite.run(["data"], ["--data", suite.directory.file("bad.csv")])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("line 3: 1 field(s) where the header row has 2"), "\(bad.stderr)")
            let nested = await suite.run(["data"], ["--data", suite.directory.file("rows.json")])
            #expect(nested.status == 1)
            #expect(nested.stderr.contains("/1/n: a nested value cannot be a variable"), "\(nested.stderr)")
        }
    }

    /// A round's first request is prepared and handed over while the round before is still on the
    /// wire (issue 33: `--repeat` of one file): it still starts from the run's variables and its own
    /// `--data` row, not from what the round before captured.
    @Test func eachRoundStartsFromTheRunsVariablesAndItsOwnRow() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(
                baseURL: server.baseURL,
                extra: [
                    "rounds/1-first.ferry.yaml": """
                    url: "{{baseURL}}/get?v={{v}}&row={{row}}"
                    expect:
                      body:
                        $.args.v: fromthe-run
                        $.args.row: "{{row}}"
                    """,
                    "rounds/2-capture.ferry.yaml": "url: \"{{baseURL}}/get?v=captured\"\ncapture:\n  v: $.args.v\n",
                    "rounds/3-last.ferry.yaml": "url: \"{{baseURL}}/get?v={{v}}\"\nexpect:\n  body:\n    $.args.v: captured\n",
                    "rows.csv": "row\nfirst\nsecond\n",
                ])
            let outcome = await suite.run(
                ["rounds"], ["--var", "v=fromthe-run", "--data", suite.directory.file("rows.csv"), "--repeat", "2", "--reporter", "json"])
            #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let results = try #require(report["results"] as? [[String: Any]])
            let firsts = results.filter { $0["path"] as? String == "rounds/1-first.ferry.yaml" }
            #expect(firsts.map { $0["iteration"] as? Int } == [1, 2, 3, 4], "\(results.map { $0["path"]! })")
            let urls = firsts.map { (($0["exchange"] as? [String: Any])?["request"] as? [String: Any])?["url"] as? String ?? "" }
            #expect(
                urls.map { $0.components(separatedBy: "?").last ?? "" } == [
                    "v=fromthe-run&row=first", "v=fromthe-run&row=second", "v=fromthe-run&row=first", "v=fromthe-run&row=second",
                ], "\(urls)")
        }
    }

    @Test func runWideLocationHeaderUserDelayAndEntriesReachTheRequests() async throws {
        try await withDemoServer { server throws in
            let suite = try Suite(
                baseURL: server.baseURL,
                extra: [
                    "wide/redirected.ferry.yaml":
                        "url: \"{{baseURL}}/redirect/2\"\noptions: {followRedirects: false}\nexpect:\n  status: 200\n",
                    "wide/authed.ferry.yaml": "url: \"{{baseURL}}/basic-auth/ann/pw\"\nexpect:\n  status: 200\n",
                    "wide/header.ferry.yaml": "url: \"{{baseURL}}/headers\"\nexpect:\n  body:\n    \"$.headers['X-Run']\": wide\n",
                ])
            let without = await suite.run(["wide"])
            #expect(without.status == 3, "\(without.text)")
            #expect(without.text.contains("0 passed, 3 failed"), "\(without.text)")
            let with = await suite.run(["wide"], ["--location", "-H", "X-Run: wide", "-u", "ann:pw", "--delay", "5"])
            #expect(with.status == 0, "\(with.text)\(with.stderr)")
            let second = await suite.run(["wide"], ["--from-entry", "2", "--to-entry", "2", "-H", "X-Run: wide"])
            #expect(second.status == 0 && second.text.contains("1 passed, 0 failed") && second.text.contains("header"), "\(second.text)")
            let digestAlone = await suite.run(["wide"], ["--digest"])
            #expect(digestAlone.status != 0 && digestAlone.stderr.contains("--digest needs --user"), "\(digestAlone.stderr)")
        }
    }

    @Test func aTransportFailureStopsTheRunWithExitTwo() async throws {
        let suite = try Suite(baseURL: "http://127.0.0.1:\(try closedLocalPort())")
        let stopped = await suite.run(["checks"])
        #expect(stopped.status == 2, "\(stopped.text)\(stopped.stderr)")
        #expect(stopped.text.contains("✗ checks/login.ferry.yaml"))
        #expect(stopped.text.contains("skipped: the run stopped after checks/login.ferry.yaml could not be sent"), "\(stopped.text)")
        let goingOn = await suite.run(["checks"], ["--continue-on-error", "--reporter", "json"])
        #expect(goingOn.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: goingOn.stdout) as? [String: Any])
        #expect(report["errors"] as? Int == 3, "login, json and xml could not connect")
        #expect(report["skipped"] as? Int == 2, "me and redirected need what login and json did not capture")
    }

    /// Issue 31: a server that takes the request and never answers stops a run at the run's limit
    /// (`--max-time`, 300 s by default), for a request and for a chained one, and the error says
    /// which limit and how to change it.
    @Test func maxTimeBoundsEachRequestAndEachChainedRequestAndIsNamed() async throws {
        let server = try HostileServer { connection in
            _ = connection.readRequest()
            _ = connection.waitForClose(timeout: 60)
        }
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let files = [
            "slow.ferry.yaml": "url: \(server.url)/slow\n",
            "chained/needs.ferry.yaml": "url: http://127.0.0.1:1/?t={{t}}\nvars:\n  t: { from: chained/login.ferry.yaml, path: $.token }\n",
            "chained/login.ferry.yaml": "url: \(server.url)/login\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data(text.utf8))
        }
        let words = "the limit is 1 s per request; --max-time SECONDS sets another, 0 none"
        let slow = await FerryBinary.run(
            ["run", directory.file("slow.ferry.yaml"), "--collection", directory.path, "--max-time", "1", "--no-history"],
            timeout: 60)
        #expect(slow.status == 2, "\(slow.text) \(slow.stderr)")
        #expect(
            slow.text.contains("✗ slow.ferry.yaml  the request timed out while waiting for the response head (\(words))"), "\(slow.text)")
        // A chained request's timeout is the cause under the chain's failure (exit 1: nothing was sent).
        let chained = await FerryBinary.run(
            [
                "run", directory.file("chained/needs.ferry.yaml"), "--collection", directory.path, "--max-time", "1",
                "--no-history", "--reporter", "junit",
            ], timeout: 60)
        #expect(chained.status == 1, "\(chained.stderr)")
        #expect(chained.text.contains("the request timed out while waiting for the response head (\(words))"), "\(chained.text)")
        let invalid = await FerryBinary.run(["run", directory.path, "--max-time", "-1"])
        #expect(invalid.status != 0 && invalid.stderr.contains("--max-time"))
    }
}
