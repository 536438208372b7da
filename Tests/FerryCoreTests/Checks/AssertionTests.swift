import Foundation
import Testing

@testable import FerryCore

/// Assertions and captures over real parsed documents: exact numbers, every predicate, missing
/// nodes, headers as text, XML paths, and the problems that stop a check.
@Suite struct AssertionTests {
    private let json = #"""
        {"id": 7, "big": 12345678901234567890123, "price": 10.50, "name": "Ferry ⛴", "tags": ["a", "b", 3],
         "empty": {}, "none": null, "ok": true, "nested": {"items": [{"id": 1}, {"id": 2}]}, "n": "6"}
        """#

    private func facts(
        _ body: String, headers: HTTPHeaders = ["Content-Type": "application/json", "X-Count": "12"],
        status: Int = 200, xml: Bool = false
    ) throws -> ResponseFacts {
        let data = Data(body.utf8)
        let document = xml ? try XMLDocumentParser.parse(data) : try JSONParser.parse(data)
        return ResponseFacts(
            status: status, headers: headers, body: data, document: document, durationMilliseconds: 42,
            examples: [.init(name: "ok", status: 200, body: body)])
    }

    private func holds(_ subject: Assertion.Subject, _ predicate: Assertion.Predicate, in facts: ResponseFacts) -> Bool {
        let result = Assertion(subject, predicate).check(facts)
        return result.passed
    }

    @Test func numbersCompareAsWrittenWithoutRounding() throws {
        let facts = try facts(json)
        #expect(holds(.body(path: "$.big"), .compare(.greater, .number("12345678901234567890122")), in: facts))
        #expect(!holds(.body(path: "$.big"), .compare(.equal, .number("12345678901234567890122")), in: facts))
        #expect(holds(.body(path: "$.big"), .compare(.equal, .number("1.2345678901234567890123e22")), in: facts))
        #expect(holds(.body(path: "$.price"), .compare(.equal, .number("10.5")), in: facts))
        #expect(holds(.body(path: "$.price"), .compare(.less, .number("10.500001")), in: facts))
        #expect(holds(.body(path: "$.id"), .compare(.greaterOrEqual, .number("-8")), in: facts))
        #expect(!holds(.body(path: "$.id"), .compare(.less, .number("-1e3")), in: facts))
    }

    @Test func aWildcardPathChecksEveryMatchAtOnce() throws {
        let facts = try facts(json)
        #expect(holds(.body(path: "$.nested.items[*].id"), .count(.compare(.equal, .number("2"))), in: facts))
        #expect(holds(.body(path: "$.nested.items[*].id"), .contains(.number("2")), in: facts))
        #expect(!holds(.body(path: "$.nested.items[*].id"), .contains(.number("3")), in: facts))
        #expect(holds(.body(path: "$.nested.items[*].id"), .compare(.equal, .array([.number("1"), .number("2")])), in: facts))
        #expect(
            holds(.body(path: "$.nested.items[*].missing"), .count(.compare(.equal, .number("0"))), in: facts), "no match is an empty list")
        #expect(holds(.body(path: "$.empty.*"), .count(.compare(.equal, .number("0"))), in: facts))
        let unreadable = Assertion(.body(path: "$.nested.items[*"), .exists(true)).check(facts)
        #expect(!unreadable.passed && unreadable.failureMessage.contains("`$.nested.items[*`: expected"), "\(unreadable.failureMessage)")
    }

    /// `ferry run` parses a body only for checks that look into it.
    @Test func onlyBodyPathsAndBodyCapturesReadTheDocument() {
        #expect(
            !ResponseChecks(
                assertions: [Assertion(.status, .compare(.equal, .number("200"))), Assertion(.header("ETag"), .exists(true))],
                captures: [Capture(name: "next", source: .header("Location"))]
            ).readsDocument)
        #expect(ResponseChecks(assertions: [Assertion(.body(path: "$.id"), .exists(true))]).readsDocument)
        #expect(ResponseChecks(captures: [Capture(name: "id", source: .body(path: "/root/@id"))]).readsDocument)
    }

    @Test func decimalNumbersOrderLikeTheirValues() throws {
        let sorted = [
            "-1e400", "-12.5", "-12", "-0.001", "0", "0.0000001", "1e-3", "0.0011", "7", "7.000001", "1e21", "12345678901234567890123",
        ]
        let numbers = try sorted.map { try #require(DecimalNumber($0)) }
        for (a, b) in zip(numbers, numbers.dropFirst()) { #expect(a < b) }
        #expect(DecimalNumber("-0") == DecimalNumber("0.00"))
        #expect(DecimalNumber("100") == DecimalNumber("1e2"))
        #expect(DecimalNumber("abc") == nil)
        #expect(DecimalNumber("1e") == nil)
    }

    @Test func typesStringsAndCollections() throws {
        let facts = try facts(json)
        #expect(holds(.body(path: "$.name"), .compare(.equal, .string("Ferry ⛴")), in: facts))
        #expect(!holds(.body(path: "$.n"), .compare(.equal, .number("6")), in: facts), "a JSON string is not a number")
        #expect(holds(.body(path: "$.name"), .startsWith("Ferry"), in: facts))
        #expect(holds(.body(path: "$.name"), .length(.compare(.equal, .number("7"))), in: facts))
        #expect(holds(.body(path: "$.name"), .matches("^F.+y"), in: facts))
        #expect(holds(.body(path: "$.tags"), .count(.compare(.equal, .number("3"))), in: facts))
        #expect(holds(.body(path: "$.tags"), .contains(.number("3")), in: facts))
        #expect(!holds(.body(path: "$.tags"), .contains(.string("3")), in: facts))
        #expect(holds(.body(path: "$.empty"), .count(.compare(.equal, .number("0"))), in: facts))
        #expect(holds(.body(path: "$.nested.items[1].id"), .compare(.equal, .number("2")), in: facts))
        #expect(
            holds(
                .body(path: "$.nested.items"),
                .compare(.equal, .array([.object([("id", .number("1"))]), .object([("id", .number("2"))])])), in: facts))
        for (path, kind) in [
            ("$.name", Assertion.Predicate.ValueKind.string), ("$.id", .number), ("$.ok", .bool), ("$.none", .null), ("$.tags", .array),
            ("$.empty", .object),
        ] {
            #expect(holds(.body(path: path), .isKind(kind), in: facts), "\(path)")
            #expect(!holds(.body(path: "$.name"), .isKind(kind), in: facts) || kind == .string)
        }
        #expect(holds(.body(path: "$.ok"), .compare(.equal, .bool(true)), in: facts))
        #expect(holds(.body(path: "$.none"), .compare(.equal, .null), in: facts))
    }

    @Test func missingNodesExistOrNot() throws {
        let facts = try facts(json)
        #expect(holds(.body(path: "$.nope"), .exists(false), in: facts))
        #expect(!holds(.body(path: "$.nope"), .exists(true), in: facts))
        #expect(holds(.body(path: "$.id"), .exists(true), in: facts))
        let result = Assertion(.body(path: "$.nope"), .compare(.equal, .number("1"))).check(facts)
        #expect(!result.passed)
        #expect(result.line == "✗ $.nope == 1 (actual nothing)")
    }

    @Test func statusHeadersDurationSizeAndExamples() throws {
        let facts = try facts(json, status: 201)
        #expect(holds(.status, .statusClass(2), in: facts))
        #expect(!holds(.status, .statusClass(4), in: facts))
        #expect(holds(.status, .oneOf([.number("200"), .number("201")]), in: facts))
        #expect(holds(.header("content-type"), .matches("^application/json"), in: facts), "header names are case-insensitive")
        #expect(holds(.header("X-Count"), .compare(.greater, .number("9")), in: facts), "header text compares as a number")
        #expect(holds(.header("X-Missing"), .exists(false), in: facts))
        #expect(holds(.duration, .compare(.less, .number("500")), in: facts))
        #expect(holds(.size, .compare(.equal, .number(String(json.utf8.count))), in: facts))
        #expect(holds(.bodyEquals(example: "ok"), .compare(.equal, .bool(true)), in: facts))
        #expect(
            Assertion(.bodyEquals(example: "other"), .compare(.equal, .bool(true))).check(facts).problem?.contains("no example named")
                == true)
    }

    @Test func xmlPathsReadAttributesAndText() throws {
        let facts = try facts(#"<shop><item id="4">tea</item><item id="5"><name>cup</name></item></shop>"#, xml: true)
        #expect(holds(.body(path: "/shop/item[1]/@id"), .compare(.equal, .number("4")), in: facts))
        #expect(holds(.body(path: "/shop/item[1]"), .compare(.equal, .string("tea")), in: facts))
        #expect(holds(.body(path: "/shop/item[2]/name"), .compare(.equal, .string("cup")), in: facts))
        #expect(holds(.body(path: "/shop/item[3]"), .exists(false), in: facts))
    }

    @Test func problemsAreNamedNotPassed() throws {
        let facts = try facts(json)
        let badPath = Assertion(.body(path: "$.tags[x]"), .exists(true)).check(facts)
        #expect(!badPath.passed)
        #expect(badPath.problem?.contains("character") == true, "\(badPath)")
        let notOrdered = Assertion(.body(path: "$.name"), .compare(.less, .number("3"))).check(facts)
        #expect(notOrdered.problem?.contains("cannot be ordered") == true, "\(notOrdered)")
        let countOfString = Assertion(.body(path: "$.name"), .count(.compare(.equal, .number("1")))).check(facts)
        #expect(countOfString.problem?.contains("count applies") == true)
        let noDocument = ResponseFacts(
            status: 200, headers: [:], body: Data("plain".utf8), document: nil,
            documentProblem: "the body is not JSON, XML or a property list", durationMilliseconds: 1)
        #expect(Assertion(.body(path: "$.a"), .exists(true)).check(noDocument).problem == "the body is not JSON, XML or a property list")
    }

    @Test func capturesTakeTextOrFailNamingTheSource() throws {
        let facts = try facts(json, headers: ["Location": "/orders/9"])
        #expect(try Capture(name: "id", source: .body(path: "$.id")).take(from: facts) == "7")
        #expect(try Capture(name: "name", source: .body(path: "$.name")).take(from: facts) == "Ferry ⛴")
        #expect(try Capture(name: "items", source: .body(path: "$.nested.items[0]")).take(from: facts) == #"{"id": 1}"#)
        #expect(try Capture(name: "next", source: .header("location")).take(from: facts) == "/orders/9")
        #expect(try Capture(name: "code", source: .status).take(from: facts) == "200")
        #expect(try Capture(name: "big", source: .regex(#""big": (\d+)"#)).take(from: facts) == "12345678901234567890123")
        #expect(throws: CheckProblem("capture `gone` found nothing at $.gone")) {
            try Capture(name: "gone", source: .body(path: "$.gone")).take(from: facts)
        }
        let report = CheckReport(
            checking: {
                var description = RequestDescription(url: "http://x")
                description.assertions = [Assertion(.status, .compare(.equal, .number("200")))]
                description.captures = [
                    Capture(name: "id", source: .body(path: "$.id"), secret: true), Capture(name: "x", source: .header("X-None")),
                ]
                return description
            }(), facts: facts)
        #expect(report.captured == [Variable(name: "id", value: "7", isSecret: true)])
        #expect(report.captureProblems == ["capture `x` found nothing at header X-None"])
        #expect(!report.passed)
    }
}
