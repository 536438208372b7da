import FerryCore
import FerryScript
import Foundation
import Testing

/// The script engine on its own: JavaScriptCore loaded on first use, the APIs of the prelude, and
/// the bad scripts of issue 30 each a located error within its limit.
@Suite struct ScriptEngineTests {
    private static let response = ScriptInput.Response(
        code: 200, status: "OK", headers: [.init(key: "Content-Type", value: "application/json")],
        body: #"{"id":3,"name":"Ada","items":[1,2,3]}"#, responseTime: 12, responseSize: 38)

    private static func run(
        _ text: String, phase: RequestScripts.Phase = .tests, file: String = "users/get.ferry.yaml", line: Int = 1,
        variables: [String: String] = [:], timeLimit: Double = 5
    ) async throws -> ScriptOutcome {
        let engine = try ScriptEngine.shared(timeLimit: timeLimit)
        let input = ScriptInput(
            info: .init(
                eventName: phase == .preRequest ? "prerequest" : "test", requestName: "get user", requestId: "users/get.ferry.yaml"),
            variables: variables,
            request: .init(method: "GET", url: "{{base}}/users/3", headers: [.init(key: "Accept", value: "application/json")], body: nil),
            response: phase == .preRequest ? nil : response)
        return await engine.run(ScriptSource(text, file: file, line: line), phase: phase, input: input)
    }

    @Test func testsPassAndFailWithChaiMessages() async throws {
        let outcome = try await Self.run(
            """
            pm.test("status", () => pm.response.to.have.status(200));
            pm.test("id", () => pm.expect(pm.response.json().id).to.equal(4));
            console.log("seen", pm.response.json().name);
            pm.environment.set("userId", pm.response.json().id);
            """)
        #expect(outcome.error == nil)
        #expect(outcome.tests.map(\.name) == ["status", "id"])
        #expect(outcome.tests.map(\.passed) == [true, false])
        #expect(outcome.tests[1].error?.message == "expected 3 to equal 4")
        #expect(outcome.console == [ScriptConsoleLine(level: "log", text: "seen Ada")])
        #expect(outcome.changes == ["userId": "3"])
    }

    /// Debian's packages of the libraries Postman's sandbox offers, where this machine has them
    /// (`scripts/install-deps` installs them for the tests).
    private static func installed(_ package: String) -> Bool { FileManager.default.fileExists(atPath: "/usr/share/nodejs/\(package)") }

    @Test(.enabled(if: installed("lodash") && installed("moment") && installed("uuid")))
    func debiansLibrariesAreRequiredByName() async throws {
        let outcome = try await Self.run(
            """
            const _ = require('lodash');
            const moment = require('moment');
            const { v4, validate, version } = require('uuid');
            pm.test("lodash", () => pm.expect(_.chunk([1, 2, 3, 4, 5], 2)).to.eql([[1, 2], [3, 4], [5]]));
            pm.test("lodash twice is one module", () => pm.expect(require('lodash')).to.equal(_));
            pm.test("moment", () => pm.expect(moment.utc('2024-02-29T10:00:00Z').add(1, 'year').format('YYYY-MM-DD')).to.equal('2025-02-28'));
            const id = v4();
            pm.test("uuid", () => { pm.expect(validate(id)).to.be.true; pm.expect(version(id)).to.equal(4); });
            pm.test("random", () => pm.expect(v4()).to.not.equal(id));
            """)
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.tests.map(\.name) == ["lodash", "lodash twice is one module", "moment", "uuid", "random"])
        #expect(outcome.tests.map(\.passed) == [true, true, true, true, true], "\(outcome.tests)")
    }

    @Test(.enabled(if: installed("lodash") && FileManager.default.fileExists(atPath: "/usr/share/javascript/cryptojs/components/core.js")))
    func postmansLodashAndCryptoJSGlobalsComeFromDebian() async throws {
        let outcome = try await Self.run(
            """
            pm.test("_", () => pm.expect(_.chunk([1, 2, 3], 2)).to.eql([[1, 2], [3]]));
            pm.test("md5", () => pm.expect(CryptoJS.MD5("jasonpurse").toString()).to.equal("288d14f08b5ad40da43dbe06467729c9"));
            pm.test("hmac", () => pm.expect(CryptoJS.HmacSHA256("a", "k").toString(CryptoJS.enc.Base64))
                .to.equal("eNqRUR5nVYf1ud94vt669VYNoqu4gWLuh13N90SVHZ4="));
            pm.test("aes", () => pm.expect(CryptoJS.AES.decrypt(CryptoJS.AES.encrypt("hi", "pw").toString(), "pw")
                .toString(CryptoJS.enc.Utf8)).to.equal("hi"));
            pm.test("require", () => pm.expect(require("crypto-js")).to.equal(CryptoJS));
            """)
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.tests.map(\.passed) == [true, true, true, true, true], "\(outcome.tests)")
    }

    @Test func jsonSchemaThroughFerrysValidatorAsTv4AjvAndChai() async throws {
        let outcome = try await Self.run(
            """
            const schema = { properties: { alpha: { type: "boolean" } }, required: ["alpha"] };
            pm.test("tv4", () => {
                pm.expect(tv4.validate({ alpha: true }, schema)).to.be.true;
                pm.expect(tv4.validate({ alpha: 1 }, schema)).to.be.false;
                pm.expect(tv4.error.dataPath).to.equal("/alpha");
                pm.expect(tv4.validateMultiple({}, schema).errors).to.have.lengthOf(1);
            });
            pm.test("ajv", () => {
                const Ajv = require("ajv");
                const ajv = new Ajv({ logger: false });
                pm.expect(ajv.validate(schema, { alpha: true })).to.be.true;
                const validate = ajv.compile(schema);
                pm.expect(validate({ alpha: 123 })).to.be.false;
                pm.expect(ajv.errorsText(validate.errors)).to.equal("data.alpha should be boolean");
            });
            pm.test("chai", () => {
                pm.expect({ alpha: true }).to.be.jsonSchema(schema);
                pm.expect(123).to.not.be.jsonSchema({ type: "string" });
                pm.expect(() => pm.expect({ alpha: 123 }).to.be.jsonSchema(schema))
                    .to.throw("expected data to satisfy schema but found following errors: \\ndata.alpha should be boolean");
                pm.response.to.have.jsonSchema({ properties: { id: { type: "integer" } } });
                pm.response.to.not.have.jsonSchema({ properties: { id: { type: "string" } } });
            });
            pm.test("a bad schema", () => pm.expect(() => tv4.validate(1, { type: 3 })).to.throw("the JSON schema cannot be used"));
            """)
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.tests.map(\.passed) == [true, true, true, true], "\(outcome.tests)")
    }

    /// A script without `await` runs in a plain function, one with it in an async one: in both, what
    /// it threw is its error, located, and the tests before the throw are kept.
    @Test func aThrowAfterATestKeepsTheTestWithAndWithoutAwait() async throws {
        for head in ["", "await null;\n"] {
            let outcome = try await Self.run(head + "pm.test('kept', () => {});\nundefinedFunction();", line: 3)
            #expect(outcome.tests.map(\.name) == ["kept"], "\(head)")
            #expect(outcome.error?.name == "ReferenceError", "\(head)")
            #expect(outcome.error?.line == (head.isEmpty ? 4 : 5), "\(head)")
        }
    }

    @Test func requireReadsNothingButDebiansLibraries() async throws {
        for (line, words) in [
            ("require('./secrets.js')", "a script loads no files"),
            ("require('/etc/passwd')", "a script loads no files"),
            ("require('../../etc/passwd')", "a script loads no files"),
            ("require('fs')", "no file system"),
            ("require('node:child_process')", "no file system"),
            ("require('left-pad-nowhere')", "no such module in Debian's JavaScript libraries"),
            ("require('lodash/../../../../etc/passwd')", "no such module"),
            ("__ferryReadModule('/etc/passwd')", "__ferryReadModule"),
            ("__ferrySchemaCheck('{}', '1', '')", "__ferrySchemaCheck"),
        ] {
            let outcome = try await Self.run(line)
            #expect(outcome.error?.message.contains(words) == true, "\(line): \(String(describing: outcome.error))")
        }
        let crypto = try await Self.run(
            "const c = require('crypto'); const a = c.randomFillSync(new Uint8Array(32));\n"
                + "pm.test('random', () => pm.expect(Array.from(a).some(x => x !== 0)).to.be.true);\n"
                + "pm.test('uuid', () => pm.expect(c.randomUUID()).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/));"
        )
        #expect(crypto.tests.map(\.passed) == [true, true], "\(crypto.tests) \(String(describing: crypto.error))")
    }

    @Test func insomniasScriptsSpeakTheirOwnObject() async throws {
        let outcome = try await Self.run(
            """
            insomnia.test("code", () => insomnia.expect(insomnia.response.code).to.eql(200));
            insomnia.test("name", () => insomnia.expect(insomnia.response.json()).to.have.property("name", "Ada"));
            insomnia.environment.set("seen", insomnia.response.json().id);
            insomnia.baseEnvironment.set("base", "b");
            """, phase: .postResponse)
        #expect(outcome.error == nil)
        #expect(outcome.tests.map(\.passed) == [true, true])
        #expect(outcome.changes == ["seen": "3", "base": "b"])
    }

    @Test func aThrowIsLocatedInTheFile() async throws {
        let outcome = try await Self.run("const a = 1;\nnull.x;\n", line: 10)
        let error = try #require(outcome.error)
        #expect(error.name == "TypeError")
        #expect(error.file == "users/get.ferry.yaml")
        #expect(error.line == 11)
    }

    @Test func aSyntaxErrorIsLocated() async throws {
        let outcome = try await Self.run("let x = ;\n", line: 5)
        let error = try #require(outcome.error)
        #expect(error.name == "SyntaxError")
        #expect(error.line == 5)
    }

    @Test func anEndlessLoopIsStoppedAtTheTimeLimit() async throws {
        let outcome = try await Self.run("while (true) {}", timeLimit: 1)
        #expect(outcome.error?.name == "TimeLimit")
    }

    @Test func requireOfTheHostIsRefused() async throws {
        let outcome = try await Self.run("require('child_process').exec('ls')")
        #expect(outcome.error?.message.contains("no file system, processes or network") == true)
    }

    @Test func deepRecursionIsARangeError() async throws {
        let outcome = try await Self.run("function f(n) { return f(n + 1) + 1; }\nf(0);")
        #expect(outcome.error?.name == "RangeError")
    }

    @Test func aHugeStringIsBounded() async throws {
        let outcome = try await Self.run("const small = 'x'.repeat(10);\nconst s = 'x'.repeat(2**30);")
        #expect(outcome.error?.name == "RangeError")
        #expect(outcome.error?.line == 2)
        let copied = try await Self.run("pm.environment.set('big', 'x'.repeat(2**22));")
        #expect(copied.error?.message.contains("more than Ferry keeps") == true)
    }

    @Test func aHundredThousandVariablesStopAtTheLimit() async throws {
        let outcome = try await Self.run("for (let i = 0; i < 100000; i++) pm.environment.set('v' + i, i);")
        #expect(outcome.error?.name == "RangeError")
        #expect(outcome.error?.line == 1)
    }

    /// A script may replace the sandbox's globals and reach into `pm`'s parts; what it does stays its
    /// own: the scripts after it, in the same context, see Ferry's again.
    @Test func whatAScriptReplacesIsItsOwn() async throws {
        for _ in 0..<3 {  // contexts are reused: each replacing script is followed by one that checks
            let replacing = try await Self.run(
                """
                pm = { test: function () {} };
                console = { log: function () {} };
                setTimeout = 1;
                try { __ferry_parts = pm; } catch (e) {}
                try { delete globalThis.expect; } catch (e) {}
                pm.test("not recorded", () => {});
                """)
            #expect(replacing.error == nil, "\(String(describing: replacing.error))")
            #expect(replacing.tests.isEmpty)
            let reaching = try await Self.run(
                """
                try { pm.environment.get = function () { return "replaced"; }; } catch (e) {}
                try { pm.test.skip = null; } catch (e) {}
                """)
            #expect(reaching.error == nil, "\(String(describing: reaching.error))")
            let after = try await Self.run(
                """
                pm.test("pm is Ferry's", () => pm.expect(typeof setTimeout).to.equal("function"));
                pm.test.skip("skip is Ferry's");
                console.log(typeof expect, pm.environment.get("userId"));
                """, variables: ["userId": "7"])
            #expect(after.tests.map(\.name) == ["pm is Ferry's", "skip is Ferry's"])
            #expect(after.tests.first?.passed == true, "\(after.tests)")
            #expect(after.console == [ScriptConsoleLine(level: "log", text: "function 7")])
        }
    }

    @Test func aPreRequestScriptChangesTheRequest() async throws {
        let outcome = try await Self.run(
            "pm.request.headers.add({key: 'X-Sig', value: 'abc'});\npm.request.url = pm.request.url.toString() + '?x=1';",
            phase: .preRequest)
        #expect(outcome.error == nil)
        #expect(outcome.request?.url == "{{base}}/users/3?x=1")
        #expect(outcome.request?.headers.map(\.key) == ["Accept", "X-Sig"])
    }

    @Test func whatAScriptLeavesCrossesWithTabsNewlinesBackslashesAndBrokenSurrogates() async throws {
        let outcome = try await Self.run(
            #"""
            console.log("a\tb\nc\\d\0e", "\uD800");
            pm.test("name\twith\ttabs", () => { throw new Error("x\ny\\z"); });
            pm.environment.set("multi", "1\n2\t3\\");
            pm.environment.unset("gone");
            pm.test.skip("later");
            pm.execution.setNextRequest(null);
            """#, variables: ["gone": "1"])
        #expect(outcome.error == nil)
        #expect(outcome.console == [ScriptConsoleLine(level: "log", text: "a\tb\nc\\d\0e \u{FFFD}")])
        #expect(outcome.tests.map(\.name) == ["name\twith\ttabs", "later"])
        #expect(outcome.tests.first?.error?.message == "x\ny\\z")
        #expect(outcome.tests.last?.skipped == true)
        #expect(outcome.changes == (["multi": "1\n2\t3\\", "gone": nil] as [String: String?]))
        #expect(outcome.nextRequest == .some(nil))
        #expect(ScriptOutput(compact: "X\t1") == nil)
        #expect(ScriptOutput(compact: "T\t2\t0\tname") == nil)
    }

    /// A script's function is compiled once per text and kept: the same text in two files, or at two
    /// lines, still fails in its own file at its own line.
    @Test func theSameTextFailsInEachFileAtItsLine() async throws {
        let first = try await Self.run("const a = 1;\nnull.x;\n", file: "a.ferry.yaml", line: 10)
        let second = try await Self.run("const a = 1;\nnull.x;\n", file: "b.ferry.yaml", line: 20)
        #expect(first.error?.location == "a.ferry.yaml:11:5")
        #expect(second.error?.location == "b.ferry.yaml:21:5")
        #expect(second.error?.stack?.contains("b.ferry.yaml:21:5") == true)
    }
}
