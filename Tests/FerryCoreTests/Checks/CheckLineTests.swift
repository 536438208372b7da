import FerryCore
import Testing

/// The Expect tab's line form: every assertion and capture reads back from the text it shows, and
/// a line that does not read says why.
@Suite struct CheckLineTests {
    @Test(arguments: [
        CheckLine.assertion(Assertion(.status, .compare(.equal, .number("200")))),
        .assertion(Assertion(.status, .statusClass(2))),
        .assertion(Assertion(.status, .oneOf([.number("200"), .number("201")]))),
        .assertion(Assertion(.header("Content-Type"), .matches("^application/json"))),
        .assertion(Assertion(.header("ETag"), .exists(true))),
        .assertion(Assertion(.body(path: "$.items"), .count(.compare(.greater, .number("2"))))),
        .assertion(Assertion(.body(path: #"$["a b"][0]"#), .exists(false))),
        .assertion(Assertion(.body(path: "$.name"), .length(.compare(.lessOrEqual, .number("10"))))),
        .assertion(Assertion(.body(path: "$.name"), .startsWith("Fe rry"))),
        .assertion(Assertion(.body(path: "$.name"), .endsWith("\"q\""))),
        .assertion(Assertion(.body(path: "$.tags"), .contains(.string("a")))),
        .assertion(Assertion(.body(path: "$.n"), .compare(.notEqual, .string("6")))),
        .assertion(Assertion(.body(path: "$.n"), .compare(.equal, .array([.number("1"), .bool(true), .null])))),
        .assertion(Assertion(.body(path: "/root/item[2]/@id"), .isKind(.string))),
        .assertion(Assertion(.duration, .compare(.less, .number("500")))),
        .assertion(Assertion(.size, .compare(.greaterOrEqual, .number("1e3")))),
        .assertion(Assertion(.bodyEquals(example: "ok"), .compare(.equal, .bool(true)))),
        .capture(Capture(name: "token", source: .body(path: "$.json.token"))),
        .capture(Capture(name: "sid", source: .header("X-Session"), secret: true)),
        .capture(Capture(name: "code", source: .status)),
        .capture(Capture(name: "id", source: .regex(#"id=(\d+) "x""#))),
    ])
    func aLineReadsBackFromItsText(line: CheckLine) throws {
        #expect(try CheckLine(parsing: line.text) == line, "\(line.text)")
    }

    @Test(arguments: [
        ("", "an empty line"),
        ("latency < 3", "expected status, header NAME"),
        ("status", "expected a predicate"),
        ("$.a near 3", "`near` is not a predicate"),
        ("$.a matches \"(\"", "is not a valid regular expression"),
        ("$.a == \"open", "a quote is not closed"),
        ("$[\"a\" exists", "a bracket is not closed"),
        ("capture token $.a", "expected `capture [secret] NAME = SOURCE`"),
        ("capture token = duration", "a capture's source is"),
    ])
    func aBadLineSaysWhy(line: String, reason: String) {
        #expect {
            try CheckLine(parsing: line)
        } throws: { error in
            (error as? CheckProblem)?.description.contains(reason) == true
        }
    }
}
