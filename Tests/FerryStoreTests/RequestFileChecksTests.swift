import FerryCore
import Foundation
import Testing

@testable import FerryStore

/// `expect:` and `capture:` in request files: the issue's spellings read, written back the same,
/// and malformed ones located before anything is sent.
@Suite struct RequestFileChecksTests {
    private let issueExample = """
        url: https://example.test/login
        expect:
          status: 200                 # or [200, 201], or "2xx"
          headers:
            Content-Type: { matches: "^application/json" }
          body:
            $.json.token: abc123      # a bare value means ==
            $.items: { count: 3 }
            $.items[0].id: { ">": 6 }
          duration: { "<": 500 }      # milliseconds
        capture:
          token: $.json.token         # a body path
          next: header Location       # a response header
          session: { from: "$.sid", secret: true }
        """

    @Test func theIssuesFormReads() throws {
        let description = try RequestDescription(yaml: issueExample, path: "login.ferry.yaml")
        #expect(
            description.assertions == [
                Assertion(.status, .compare(.equal, .number("200"))),
                Assertion(.header("Content-Type"), .matches("^application/json")),
                Assertion(.body(path: "$.json.token"), .compare(.equal, .string("abc123"))),
                Assertion(.body(path: "$.items"), .count(.compare(.equal, .number("3")))),
                Assertion(.body(path: "$.items[0].id"), .compare(.greater, .number("6"))),
                Assertion(.duration, .compare(.less, .number("500"))),
            ])
        #expect(
            description.captures == [
                Capture(name: "token", source: .body(path: "$.json.token")),
                Capture(name: "next", source: .header("Location")),
                Capture(name: "session", source: .body(path: "$.sid"), secret: true),
            ])
    }

    @Test func statusListsClassesAndEveryPredicateSurviveARoundTrip() throws {
        var description = RequestDescription(url: "{{baseURL}}/items")
        description.assertions = [
            Assertion(.status, .oneOf([.number("200"), .number("201")])),
            Assertion(.header("ETag"), .exists(true)),
            Assertion(.header("X-Count"), .compare(.greaterOrEqual, .number("1"))),
            Assertion(.body(path: "$.name"), .startsWith("Fe")),
            Assertion(.body(path: "$.name"), .endsWith("ry")),
            Assertion(.body(path: "$.name"), .length(.compare(.less, .number("10")))),
            Assertion(.body(path: "$.tags"), .contains(.string("a"))),
            Assertion(.body(path: "$.tags"), .count(.compare(.greater, .number("1")))),
            Assertion(.body(path: "$.tags"), .count(.compare(.less, .number("5")))),
            Assertion(.body(path: "$.tags"), .not(.trait(.empty))),
            Assertion(.body(path: "$.none"), .isKind(.null)),
            Assertion(.body(path: "$.big"), .compare(.notEqual, .number("12345678901234567890123"))),
            Assertion(.body(path: "/root/item[2]/@id"), .oneOf([.string("a"), .string("b")])),
            Assertion(.body(path: "$.quoted"), .compare(.equal, .string("6"))),
            Assertion(.body(path: "$.id"), .trait(.uuid)),
            Assertion(.size, .compare(.lessOrEqual, .number("1000"))),
            Assertion(.bodyEquals(example: "ok"), .compare(.equal, .bool(true))),
            Assertion(.xpath("count(//item[@id='4'])"), .compare(.equal, .number("1"))),
            Assertion(.xpath("//title"), .startsWith("Fe")),
            Assertion(.body(path: "$.date"), filters: [.toDate("%Y-%m-%d"), .daysAfterNow], .compare(.greater, .number("0"))),
            Assertion(.query(.sha256), .compare(.equal, .string("e3b0c44298fc1c149afbf4c8996fb924"))),
            Assertion(.query(.cookie("sid[Secure]")), .exists(true)),
            Assertion(.header("Set-Cookie"), filters: [.nth(1)], .not(.contains(.string("x")))),
        ]
        description.captures = [
            Capture(name: "id", source: .regex(#"id=(\d+)"#), secret: true), Capture(name: "code", source: .status),
            Capture(name: "title", source: .xpath(#"string(//h1[@class="x"])"#)),
            Capture(name: "n", source: .regex(#"n=(\d+)"#), filters: [.toInt]),
            Capture(name: "sid", source: .query(.cookie("sid")), filters: [.urlDecode], secret: true),
        ]
        let text = try description.yaml()
        #expect(try RequestDescription(yaml: text, path: "x.ferry.yaml") == description, "\(text)")
        #expect(
            text.contains("quoted: '6'") || text.contains(#"quoted: "6""#), "a string that looks like a number stays a string:\n\(text)")

        var classed = RequestDescription(url: "http://x")
        classed.assertions = [Assertion(.status, .statusClass(2))]
        let classedText = try classed.yaml()
        #expect(classedText.contains("status: \"2xx\"\n"), "\(classedText)")
        #expect(try RequestDescription(yaml: try classed.yaml(), path: "x") == classed)
    }

    /// What an import writes must read back: a predicate twice on one subject, an object expected,
    /// an unquoted `{{variable}}`.
    @Test func repeatedPredicatesObjectsAndTypedVariablesReadBack() throws {
        var description = RequestDescription(url: "http://x")
        description.assertions = [
            Assertion(.body(path: "$.tags"), .contains(.string("a"))),
            Assertion(.body(path: "$"), .compare(.equal, .object([("a", .number("1"))]))),
            Assertion(.body(path: "$.tags"), .contains(.string("b"))),
            Assertion(.body(path: "$.count"), .compare(.equal, .number("{{five}}"))),
        ]
        let text = try description.yaml()
        let again = try RequestDescription(yaml: text, path: "x.ferry.yaml")
        #expect(Set(again.assertions.map(\.text)) == Set(description.assertions.map(\.text)), "\(text)")
        #expect(text.contains("checks:\n  - $.tags contains \"b\"\n  - $.count == {{five}}"), "\(text)")
    }

    @Test(arguments: [
        ("expect:\n  status: 200\n  body:\n    $.a: { near: 3 }\n", 4, 12, "expect.body.$.a.near", "unknown key (expected =="),
        ("expect:\n  body:\n    $.a: { matches: \"(unclosed\" }\n", 3, 21, "expect.body.$.a.matches", "is not a valid regular expression"),
        ("expect:\n  body:\n    items: 3\n", 3, 5, "expect.body.items", "expected a path"),
        ("expect:\n  latency: 3\n", 2, 3, "expect.latency", "unknown key"),
        ("expect:\n  status: [200, ok]\n", 2, 17, "expect.status", "expected a status code"),
        ("capture:\n  token: json.token\n", 2, 10, "capture.token", "expected a body path"),
        ("capture:\n  token: { secret: true }\n", 2, 10, "capture.token", "expected `from:`"),
        ("capture:\n  token: { regex: \"[\" }\n", 2, 19, "capture.token.regex", "is not a valid regular expression"),
        ("expect:\n  body:\n    $.a: { isString: false }\n", 3, 22, "expect.body.$.a.isString", "write `isString: true`"),
        ("expect:\n  body:\n    $.items[?@.price <]: 3\n", 3, 5, "expect.body.$.items[?@.price <]", "is not a JSONPath query: "),
        ("capture:\n  token: $..[\n", 2, 10, "capture.token", "is not a JSONPath query: "),
        ("capture:\n  id: $.headers.X-Id\n", 2, 7, "capture.id", "a name with `-` is written in brackets"),
        ("expect:\n  xpath:\n    //item[@id=: 3\n", 3, 5, "expect.xpath.//item[@id=", "is not an XPath 1.0 expression: "),
        ("capture:\n  title: xpath string(//title\n", 2, 10, "capture.title", "is not an XPath 1.0 expression: "),
        ("expect:\n  checks:\n    - body nope 3\n", 3, 7, "expect.checks", "`body nope 3`: `nope` is not a predicate"),
        ("expect:\n  checks:\n    - '$.a[?@.b <] toInt == 1'\n", 3, 7, "expect.checks", "is not a JSONPath query"),
        ("capture:\n  n: regex \"(\" toInt\n", 2, 6, "capture.n", "is not a valid regular expression"),
    ])
    func malformedChecksAreLocated(text: String, line: Int, column: Int, key: String, message: String) throws {
        let problem = try #require(throws: ConfigProblem.self) {
            try RequestDescription(yaml: "url: http://x\n" + text, path: "x.ferry.yaml")
        }
        #expect(problem.line == line + 1, "\(problem)")
        #expect(problem.column == column, "\(problem)")
        #expect(problem.key == key, "\(problem)")
        #expect(problem.message.contains(message), "\(problem)")
    }

    @Test func folderOrderReadsAndWrites() throws {
        var defaults = FolderDefaults(baseURL: "http://x")
        defaults.order = ["login", "me.ferry.yaml", "admin"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-order-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = (directory as NSString).appendingPathComponent(FolderDefaults.fileName)
        try defaults.yaml().write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try FolderDefaults(contentsOf: path) == defaults)
    }
}

/// Bodies whose `{{…}}` are sent as written (`verbatim:`), which raw text fills in.
@Suite struct VerbatimBodyTests {
    @Test func bytesWithBracesAreWrittenVerbatimAndReadBackAsBytes() throws {
        var description = try RequestDescription(yaml: "url: http://h/\nbody:\n  raw: \"a,{{b}}\"\n", path: "r.ferry.yaml")
        #expect(description.body == .raw("a,{{b}}", contentType: nil))
        description.body = .bytes(Data("a,{{b}}\n".utf8), contentType: "text/csv")
        let text = try description.yaml()
        #expect(text.contains("verbatim:"), "\(text)")
        #expect(try RequestDescription(yaml: text, path: "r.ferry.yaml").body == description.body)
        description.body = .bytes(Data("plain".utf8), contentType: nil)
        #expect(try description.yaml().contains("raw: plain"), "bytes without braces stay raw text")
    }
}
