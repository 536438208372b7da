import FerryTestSupport
import Foundation
import Testing

@testable import FerryCore

/// Hurl's queries, filters and predicates as Ferry check lines over a real exchange's facts: each
/// line read as a person writes it, checked, and its result compared with what the body holds.
@Suite struct QueriesFiltersPredicatesTests {
    private static let json = #"""
        {"file": "0YjQtdC70LvRiw==", "safe": "PDw_Pz8-Pg", "list": [1, 2, 3], "message": "Hello Bob!",
         "url": "https://mozilla.org/?x=шеллы", "encoded": "https://mozilla.org/?x=%D1%88%D0%B5%D0%BB%D0%BB%D1%8B&y=2",
         "text": "a > b && a < c", "escaped": ["a &gt; b &amp;&amp; a &lt; c", "Foo &#xA9; bar &#x1D306; baz", "&#65 foo"],
         "id": "123", "score": 1.6, "ips": "192.168.2.1, 10.0.0.20, 10.0.0.10", "inner": "{\"message\": \"Hello\"}",
         "date": "2024-03-01T12:30:00Z", "day": "01/03/2024 12:30", "uuid": "0b9b1f5e-51e5-4a43-9a8d-4e0c3f2a9b1c",
         "empty": [], "none": "", "count": 10, "ratio": 2.5}
        """#

    private func facts(_ body: String = json, headers: HTTPHeaders? = nil, variables: [String: String] = [:]) throws -> ResponseFacts {
        let data = Data(body.utf8)
        return ResponseFacts(
            status: 200,
            headers: headers ?? [
                "Content-Type": "application/json", "Set-Cookie": "sid=abc%20d; Path=/; Secure; HttpOnly; Max-Age=60",
            ],
            body: data, document: try? JSONParser.parse(data), durationMilliseconds: 5, url: "http://127.0.0.1:1/end",
            redirects: ["http://127.0.0.1:1/a", "http://127.0.0.1:1/b"],
            redirectLocations: ["http://127.0.0.1:1/a": "http://127.0.0.1:1/b", "http://127.0.0.1:1/b": "http://127.0.0.1:1/end"],
            variables: variables)
    }

    private func result(_ line: String, in facts: ResponseFacts) throws -> AssertionResult {
        guard case .assertion(let assertion) = try CheckLine(parsing: line) else { throw CheckProblem("not an assertion") }
        #expect(try CheckLine(parsing: assertion.text) == .assertion(assertion), "`\(line)` reads back from its text")
        return assertion.check(facts)
    }

    @Test(arguments: [
        #"$.file base64Decode toHex == "d188d0b5d0bbd0bbd18b""#, #"$.file base64Decode == "d188d0b5d0bbd0bbd18b""#,
        #"$.file base64Decode base64UrlSafeEncode == "0YjQtdC70LvRiw""#, #"$.safe base64UrlSafeDecode base64Encode == "PDw/Pz8+Pg==""#,
        "$.list count == 3", "$.list first == 1", "$.list last == 3", "$.list nth 1 == 2", "$.list nth -1 == 3",
        #"$.message regex "Hello (.*)!" == "Bob""#, #"$.url urlEncode == "https%3A//mozilla.org/%3Fx%3D%D1%88%D0%B5%D0%BB%D0%BB%D1%8B""#,
        #"$.encoded urlDecode startsWith "https://mozilla.org/?x=шеллы""#, #"$.encoded urlQueryParam "x" == "шеллы""#,
        #"$.text htmlEscape == "a &gt; b &amp;&amp; a &lt; c""#, #"$.escaped[0] htmlUnescape == "a > b && a < c""#,
        #"$.escaped[1] htmlUnescape == "Foo © bar 𝌆 baz""#, #"$.escaped[2] htmlUnescape == "A foo""#,
        "$.id toInt == 123", "$.score toInt == 1", "$.score toFloat == 1.6", "$.id toFloat > 122.5",
        #"$.ips split ", " count == 3"#, #"$.ips split ", " last == "10.0.0.10""#,
        #"$.ips replace ", " "|" == "192.168.2.1|10.0.0.20|10.0.0.10""#,
        #"$.id replaceRegex "\\d" "x" == "xxx""#, #"$.inner jsonpath "$.message" == "Hello""#,
        #"$.day toDate "%d/%m/%Y %H:%M" format "%Y-%m-%dT%H:%M:%SZ" == "2024-03-01T12:30:00Z""#,
        #"$.date toDate "%Y-%m-%dT%H:%M:%S%z" daysBeforeNow > 300"#, #"$.date toDate "%Y-%m-%dT%H:%M:%SZ" > "2024-02-29T00:00:00Z""#,
        #"$.date toDate "%Y-%m-%dT%H:%M:%SZ" isDate"#, "$.list count toString == \"3\"",
    ])
    func filtersGiveWhatHurlsGive(line: String) throws {
        let checked = try result(line, in: try facts())
        #expect(checked.passed, "\(checked.line)")
    }

    @Test(arguments: [
        "$.date isIsoDate", "$.uuid isUuid", "$.empty isEmpty", "$.none isEmpty", "$.count isInteger", "$.ratio isFloat",
        "$.list includes 2", "$.list not includes 4", #"$.message not contains "Alice""#, "$.id not isInteger", "$.day not isIsoDate",
        "$.list isList", "$.count isNumber", "$.missing not exists", #"$.message not == "x""#, "$.list not isEmpty",
    ])
    func predicatesHoldAsHurlsDo(line: String) throws {
        let checked = try result(line, in: try facts())
        #expect(checked.passed, "\(checked.line)")
    }

    @Test func queriesReadTheExchange() throws {
        let facts = try facts(headers: [
            "Content-Type": "application/json", "Set-Cookie": "sid=abc%20d; Path=/; Secure; HttpOnly; Max-Age=60", "Set-Cookie": "b=2",
        ])
        let body = Data(Self.json.utf8)
        for line in [
            #"body contains "Hello Bob!""#, "bytes count == \(body.count)", "sha256 == \"\(sha256Hex(body))\"",
            #"url == "http://127.0.0.1:1/end""#, "redirects count == 2", #"redirects nth 1 == "http://127.0.0.1:1/b""#,
            #"redirects nth 0 location == "http://127.0.0.1:1/b""#, #"redirects last location == "http://127.0.0.1:1/end""#,
            #"cookie "sid" == "abc%20d""#, #"cookie "sid" urlDecode == "abc d""#, #"cookie "sid[Secure]" exists"#,
            #"cookie "sid[Max-Age]" == "60""#, #"cookie "sid[Domain]" not exists"#, #"cookie "b" == "2""#,
            #"header "Set-Cookie" count == 2"#, #"header "Set-Cookie" nth 1 == "b=2""#, #"header "Set-Cookie" startsWith "b=""#,
            #"regex "Hello (\\w+)" == "Bob""#,
        ] {
            let checked = try result(line, in: facts)
            #expect(checked.passed, "\(checked.line)")
        }
        let md5 = try result(#"md5 == "d41d8cd98f00b204e9800998ecf8427e""#, in: try self.facts(""))
        #expect(md5.passed, "the MD5 of nothing: \(md5.line)")
    }

    @Test func capturesOfTheResponseServeItsChecks() throws {
        let checks = ResponseChecks(
            assertions: [
                Assertion(.query(.variable("who")), .compare(.equal, .string("Bob"))),
                Assertion(.body(path: "$.message"), .contains(.string("{{who}}!"))),
                Assertion(.query(.variable("given")), .compare(.equal, .string("7"))),
            ],
            captures: [Capture(name: "who", source: .body(path: "$.message"), filters: [.regex("Hello (.*)!")])])
        let rendered = try checks.rendered(with: VariableResolver([Variable(name: "given", value: "7")]))
        #expect(rendered.assertions[1].predicate == .contains(.string("{{who}}!")), "left for the capture")
        let report = CheckReport(checking: rendered, facts: try facts())
        #expect(report.captured == [Variable(name: "who", value: "Bob")])
        #expect(report.passed, "\(report.results.map(\.line))")
        #expect(report.results[1].assertion.text == #"$.message contains "Bob!""#)
    }

    /// As Hurl: an unquoted `{{name}}` is typed by its value, a query's one match compares as
    /// itself, a path takes variables, `%+` reads RFC 3339.
    @Test func typedVariablesOneMatchAndTemplatedPaths() throws {
        let checks = ResponseChecks(assertions: [
            try assertion("$.count == {{ten}}"), try assertion("$.count > {{nine}}"), try assertion("$.message contains {{who}}"),
            try assertion(#"$.list[?@ > 2] == 3"#), try assertion(#"$.list[{{i}}] == 2"#), try assertion("$.list isCollection"),
            try assertion(#"$.date toDate "%+" < {{later}}"#),
            try assertion(#"$.date toDate "%+" format "%+" == "2024-03-01T12:30:00+00:00""#),
            try assertion("$.list == {{list}}"), try assertion(#"variable "none" == null"#),
            try assertion(#"variable "unknown" not exists"#),
        ])
        let resolver = VariableResolver([
            Variable(name: "ten", value: "10"), Variable(name: "nine", value: "9"), Variable(name: "who", value: "Bob"),
            Variable(name: "i", value: "1"), Variable(name: "later", value: "2025-01-01T00:00:00.5+01:00"),
            Variable(name: "list", value: "[1, 2, 3]"), Variable(name: "none", value: "null"),
        ])
        let report = CheckReport(checking: try checks.rendered(with: resolver), facts: try facts())
        #expect(report.passed, "\(report.results.filter { !$0.passed }.map(\.line))")
    }

    @Test func aCaptureNamedByATemplateTakesTheNameItsVariableHolds() throws {
        #expect(Capture.isName("{{key}}") && Capture.isName("user_{{n}}") && Capture.isName("token"))
        #expect(!Capture.isName("{key}") && !Capture.isName("a}") && !Capture.isName(" a") && !Capture.isName(""))
        let checks = ResponseChecks(
            assertions: [Assertion(.query(.variable("who")), .compare(.equal, .string("Bob")))],
            captures: [Capture(name: "{{key}}", source: .body(path: "$.message"), filters: [.regex("Hello (.*)!")])])
        let rendered = try checks.rendered(with: VariableResolver([Variable(name: "key", value: "who")]))
        let report = CheckReport(checking: rendered, facts: try facts())
        #expect(report.captured == [Variable(name: "who", value: "Bob")])
        #expect(report.passed, "\(report.results.map(\.line))")
        #expect(throws: (any Error).self, "a name whose variable is unknown") {
            try checks.rendered(with: VariableResolver([]))
        }
    }

    @Test func oneListSelectedIsThatList() throws {
        let nested = try facts(#"{"list": [1, 2, 3], "rows": [[1, 2, 3]], "two": [[1], [2]]}"#)
        for line in [
            "$.list[*] count == 3", "$.rows count == 1", "$.rows[*] count == 3", "$.rows[*][0] == 1", "$.rows[*] nth 2 == 3",
            "$.two[*] count == 2", "$.rows[*][*] count == 3",
        ] {
            #expect(try result(line, in: nested).passed, "\(line)")
        }
    }

    private func assertion(_ line: String) throws -> Assertion {
        guard case .assertion(let assertion) = try CheckLine(parsing: line) else { throw CheckProblem("not an assertion") }
        return assertion
    }

    @Test func aRegularExpressionThatBacktracksForeverIsStoppedAndNamed() throws {
        let bomb = String(repeating: "a", count: 64) + "!"
        let checked = try result(#"body matches "(a+)+$""#, in: try facts(bomb, headers: ["Content-Type": "text/plain"]))
        #expect(!checked.passed)
        #expect(checked.problem?.contains("took longer than 2 s on 65 characters") == true, "\(checked.failureMessage)")
        #expect(checked.problem?.contains("was stopped") == true)
    }

    @Test(arguments: [
        ("$.list nth x == 1", "`nth` takes an integer"), (#"$.a regex "(" == 1"#, "is not a valid regular expression"),
        (#"$.a toDate == 1"#, "`1` is not a predicate"), ("cookie", "needs an argument"),
        (#"$.a jsonpath "$[" == 1"#, "is not a JSONPath query"),
    ])
    func badLinesSayWhy(line: String, reason: String) {
        #expect(throws: CheckProblem.self) { try CheckLine(parsing: line) }
        do {
            _ = try CheckLine(parsing: line)
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    /// Found by Hurl's cases (issue 29): a header's several values are a collection; bytes compare
    /// with hex values on whole bytes; a number with a fraction compares as a double, an integer exactly.
    @Test func collectionsBytesAndFloatsCompareAsHurlCompares() throws {
        let headers = try facts(
            headers: HTTPHeaders([
                .init(name: "X-Fruit", value: "Banana"), .init(name: "X-Fruit", value: "Lemon"), .init(name: "X-One", value: "only"),
            ]))
        #expect(try result(#"header "X-Fruit" isCollection"#, in: headers).passed)
        #expect(try !result(#"header "X-One" isCollection"#, in: headers).passed)
        let bytes = try facts("\u{01}\u{02}\u{03}", headers: ["Content-Type": "application/octet-stream"])
        for line in [#"bytes startsWith "01""#, #"bytes endsWith "0203""#, #"bytes contains "02""#, #"bytes == "010203""#] {
            #expect(try result(line, in: bytes).passed, "\(line)")
        }
        for line in [#"bytes startsWith "02""#, #"bytes endsWith "01""#, #"bytes contains "10""#, #"bytes contains "0""#] {
            #expect(try !result(line, in: bytes).passed, "\(line): on whole bytes only")
        }
        let numbers = try facts(#"{"third": 0.333333333333333333, "tenth": 0.1, "big": 10000000000000000365}"#)
        for line in [
            "$.third == 0.3333333333333333", "$.tenth == 0.100000000000000005", "$.tenth < 0.1000000000000001",
            "$.big != 10000000000000000000", "$.big == 10000000000000000365",
        ] {
            #expect(try result(line, in: numbers).passed, "\(line)")
        }
    }
}
