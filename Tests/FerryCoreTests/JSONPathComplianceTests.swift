import FerryCore
import Foundation
import Testing

/// Every case of the JSONPath Compliance Test Suite (Tests/Fixtures/jsonpath-compliance, its README
/// says from where): valid queries give the expected values and normalized paths (or one of the
/// allowed orders), invalid ones are refused. Each case's document is a subtree of cts.json itself,
/// which the query is evaluated over with `$` standing for that subtree.
@Suite struct JSONPathComplianceTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/jsonpath-compliance/cts.json")

    /// Cases known to fail, each with its reason in the fixture's README.
    static let knownFailures: Set<String> = []

    @Test func everyCaseOfTheSuite() throws {
        let suite = try JSONParser.parse(try Data(contentsOf: Self.fixture))
        let cases = try #require(Self.member(suite.root, "tests", in: suite))
        var failures: [String: String] = [:]
        var total = 0
        for testCase in suite.children(of: cases) {
            total += 1
            let name = try #require(Self.member(testCase, "name", in: suite).flatMap { suite.value(of: $0) })
            let selector = try #require(Self.member(testCase, "selector", in: suite).flatMap { suite.value(of: $0) })
            if let problem = Self.problem(with: testCase, selector: selector, in: suite) { failures[name] = problem }
        }
        let passed = total - failures.count
        print("JSONPath compliance: \(passed)/\(total) passed")
        #expect(total > 700)
        #expect(Set(failures.keys) == Self.knownFailures, "\(failures.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
    }

    /// Why the case fails, or nil when it passes.
    private static func problem(with testCase: NodeID, selector: String, in suite: Document) -> String? {
        let query: JSONPathQuery
        do {
            query = try JSONPathQuery(selector)
        } catch {
            return member(testCase, "invalid_selector", in: suite) == nil ? "refused: \(error)" : nil
        }
        guard member(testCase, "invalid_selector", in: suite) == nil else { return "accepted an invalid query" }
        guard let document = member(testCase, "document", in: suite) else { return "the case has no document" }
        let nodes = query.select(in: suite, root: document)
        let paths = nodes.map { normalizedPath(of: $0, below: document, in: suite) }
        let expected: [(values: NodeID, paths: NodeID?)]
        if let result = member(testCase, "result", in: suite) {
            expected = [(result, member(testCase, "result_paths", in: suite))]
        } else if let results = member(testCase, "results", in: suite) {
            let allPaths = member(testCase, "results_paths", in: suite).map { Array(suite.children(of: $0)) }
            expected = suite.children(of: results).enumerated().map { ($1, allPaths?[$0]) }
        } else {
            return "the case has no result"
        }
        for (values, expectedPaths) in expected {
            let wanted = Array(suite.children(of: values))
            guard wanted.count == nodes.count, zip(wanted, nodes).allSatisfy({ equal($0, $1, in: suite) }) else { continue }
            guard let expectedPaths else { return nil }
            if suite.children(of: expectedPaths).compactMap({ suite.value(of: $0) }) == paths { return nil }
        }
        return "selected \(nodes.map { suite.literal(of: $0) }) at \(paths)"
    }

    private static func member(_ object: NodeID, _ key: String, in document: Document) -> NodeID? {
        document.children(of: object).first { document.key(of: $0) == key }
    }

    /// Deep equality of two JSON values of the same document (numbers by value, members in any order).
    private static func equal(_ a: NodeID, _ b: NodeID, in document: Document) -> Bool {
        let kind = document.kind(of: a)
        guard kind == document.kind(of: b) else { return false }
        let (left, right) = (Array(document.children(of: a)), Array(document.children(of: b)))
        switch kind {
        case .array: return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1, in: document) }
        case .object:
            return left.count == right.count
                && left.allSatisfy { item in
                    right.contains { document.key(of: $0) == document.key(of: item) && equal(item, $0, in: document) }
                }
        case .number: return document.doubleValue(of: a) == document.doubleValue(of: b)
        default: return document.value(of: a) == document.value(of: b)
        }
    }

    /// RFC 9535 §2.7's normalized path of `node` relative to `root`.
    private static func normalizedPath(of node: NodeID, below root: NodeID, in document: Document) -> String {
        var steps: [String] = []
        var current = node
        while current != root, let parent = document.parent(of: current) {
            if let key = document.key(of: current) {
                var escaped = ""
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "'": escaped += "\\'"
                    case "\\": escaped += "\\\\"
                    case "\u{08}": escaped += "\\b"
                    case "\u{0C}": escaped += "\\f"
                    case "\n": escaped += "\\n"
                    case "\r": escaped += "\\r"
                    case "\t": escaped += "\\t"
                    case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
                    default: escaped.unicodeScalars.append(scalar)
                    }
                }
                steps.append("['\(escaped)']")
            } else {
                steps.append("[\(document.position(of: current))]")
            }
            current = parent
        }
        return "$" + steps.reversed().joined()
    }
}
