import FerryTestSupport
import Foundation
import Testing

@testable import FerryCore

/// XPath 1.0 through libxml2: each expression's result compared with what `xmllint --xpath` (the
/// same library's own tool) prints for it, namespaces as Hurl declares them, HTML tag soup, and the
/// problems of a malformed expression or body, named with their place.
@Suite struct XPathTests {
    private static let shop = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <shop xmlns:bk="urn:books" currency="EUR">
          <item id="4" price="2.50">tea</item>
          <item id="5" price="12"><name>cup</name><tag>a</tag><tag>b</tag></item>
          <bk:book><bk:title>Cheaper by the Dozen</bk:title></bk:book>
          <note>café &amp; crème</note>
        </shop>
        """#

    private static let expressions = [
        "count(//item)", "string(//item[1])", "//item[2]/name", "sum(//item/@price)", "//item/@id", "//tag",
        "boolean(//missing)", "//item[@price > 5]/@id", "normalize-space(//note)", "concat(//item[1]/@id, '-', //item[2]/@id)",
        "string(//*[local-name()='title'])", "count(//*[local-name()='book'])", "//item[1]/@price * 2", "//nothing",
    ]

    /// What xmllint prints for `expression` over `file`: a scalar as is; a node-set as its count and
    /// first string value (xmllint prints nodes as markup, so those two are asked of it instead).
    private func xmllint(_ expression: String, file: String, isNodeSet: Bool) async -> [String] {
        let asks = isNodeSet ? ["count(\(expression))", "string(\(expression))"] : [expression]
        var answers: [String] = []
        for ask in asks {
            let outcome = await ChildProcess.run("/usr/bin/xmllint", ["--xpath", ask, file], timeout: 30)
            #expect(outcome.status == 0, "xmllint --xpath \(ask): \(outcome.stderr)")
            answers.append(outcome.text.hasSuffix("\n") ? String(outcome.text.dropLast()) : outcome.text)
        }
        return answers
    }

    @Test(arguments: expressions)
    func resultsAreXmllintsResults(expression: String) async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("shop.xml", Data(Self.shop.utf8))
        let document = try XPathDocument(body: Data(Self.shop.utf8), html: false)
        let result = try document.evaluate(try XPathExpression(expression))
        let ours: [String]
        switch result {
        case .nodes(let values): ours = [String(values.count), values.first ?? ""]
        case .string(let text): ours = [text]
        case .boolean(let value): ours = [value ? "true" : "false"]
        case .number(let number): ours = [number == number.rounded() ? String(Int(number)) : String(number)]
        }
        if case .nodes = result {
        } else if case .string = result {
        } else {
            // xmllint prints numbers and booleans as XPath's string() of them.
            #expect(await xmllint("string(\(expression))", file: file, isNodeSet: false) == ours, "\(expression)")
            return
        }
        let isNodeSet = if case .nodes = result { true } else { false }
        #expect(await xmllint(expression, file: file, isNodeSet: isNodeSet) == ours, "\(expression)")
    }

    @Test func defaultAndPrefixedNamespacesAreDeclaredAsHurlDoes() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x"><g><circle/><circle/><x:c>1</x:c></g></svg>"#
        let document = try XPathDocument(body: Data(svg.utf8), html: false)
        #expect(try document.evaluate(XPathExpression("count(//_:svg/_:g/_:circle)")) == .number(2))
        #expect(try document.evaluate(XPathExpression("string(//_:g/x:c)")) == .string("1"))
        #expect(try document.evaluate(XPathExpression("count(//svg)")) == .number(0), "an unprefixed name is in no namespace")
        #expect(throws: XPathSyntaxError.self) { try document.evaluate(XPathExpression("//y:c")) }
    }

    @Test func htmlTagSoupIsReadAsHTML() throws {
        let html = #"<html><head><meta charset="UTF-8"><title>Ferry ⛴</title></head><body><p>one<p>two<br></body></html>"#
        let facts = ResponseFacts(
            status: 200, headers: ["Content-Type": "text/html"], body: Data(html.utf8), document: nil, durationMilliseconds: 1)
        #expect(try facts.value(ofXPath: "string(//title)") == .text("Ferry ⛴"))
        #expect(try facts.value(ofXPath: "//p") == .nodes(["one", "two"]))
        #expect(Assertion(.xpath("//p"), .count(.compare(.equal, .number("2")))).check(facts).passed)
        #expect(Assertion(.xpath("//title"), .compare(.equal, .string("Ferry ⛴"))).check(facts).passed, "one node is its text")
        #expect(Assertion(.xpath("//p"), .contains(.string("two"))).check(facts).passed)
        #expect(Assertion(.xpath("//table"), .exists(false)).check(facts).passed)
        #expect(Assertion(.xpath("count(//p) > 1"), .compare(.equal, .bool(true))).check(facts).passed)
        #expect(try Capture(name: "t", source: .xpath("//title")).take(from: facts) == "Ferry ⛴")
    }

    @Test(arguments: [
        ("//item[", 7, "an invalid expression"), ("string(//a", 10, "an invalid expression"), ("//a/'b", 4, "an invalid expression"),
        ("//", 2, "an invalid expression"), ("", 0, "an empty expression"),
    ])
    func malformedExpressionsAreRefusedWithTheirPlace(text: String, position: Int, message: String) throws {
        let error = try #require(throws: XPathSyntaxError.self) { try XPathExpression(text) }
        #expect(error.message.contains(message), "\(error)")
        #expect(error.position == position, "\(error)")
    }

    @Test func malformedBodiesAndUnknownFunctionsAreProblemsNotPasses() throws {
        let broken = ResponseFacts(
            status: 200, headers: ["Content-Type": "application/xml"], body: Data("<a>\n<b></a>".utf8), document: nil,
            durationMilliseconds: 1)
        let result = Assertion(.xpath("//a"), .exists(true)).check(broken)
        #expect(!result.passed)
        #expect(result.problem?.contains("the body is not XML: line 2, column") == true, "\(result.failureMessage)")
        let good = ResponseFacts(
            status: 200, headers: ["Content-Type": "application/xml"], body: Data(Self.shop.utf8), document: nil, durationMilliseconds: 1)
        let unknown = Assertion(.xpath("strong(//item)"), .exists(true)).check(good)
        #expect(!unknown.passed && unknown.problem?.contains("an unknown function") == true, "\(unknown.failureMessage)")
        let empty = ResponseFacts(status: 200, headers: [:], body: Data(), document: nil, durationMilliseconds: 1)
        #expect(Assertion(.xpath("//a"), .exists(true)).check(empty).problem == "the body is empty")
    }

    @Test func checkLinesReadAndWriteXPath() throws {
        let line = try CheckLine(parsing: #"xpath "count(//item[@id='4'])" == 1"#)
        #expect(line == .assertion(Assertion(.xpath("count(//item[@id='4'])"), .compare(.equal, .number("1")))))
        #expect(try CheckLine(parsing: line.text) == line)
        let capture = try CheckLine(parsing: #"capture t = xpath "string(//title)""#)
        #expect(capture == .capture(Capture(name: "t", source: .xpath("string(//title)"))))
        #expect(throws: CheckProblem.self) { try CheckLine(parsing: #"xpath "//a[" exists"#) }
    }
}
