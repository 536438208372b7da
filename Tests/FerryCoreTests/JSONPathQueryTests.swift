import FerryCore
import Foundation
import Testing

/// What the compliance suite does not pin down: located errors, property lists, and the paths
/// checks read (singular paths give a value, others the list of what they select).
@Suite struct JSONPathQueryTests {
    static let body = Data(
        #"{"items": [{"id": 1, "name": "pen", "price": 2.5}, {"id": 2, "name": "ink", "price": 12}, {"id": 3, "name": "book", "price": 30}], "errors": [{"id": "E1"}]}"#
            .utf8)

    @Test func errorsSayWhereAndWhatWasExpected() throws {
        let cases: [(String, JSONPathSyntaxError)] = [
            ("a", JSONPathSyntaxError(position: 0, message: "expected `$`")),
            ("$.a[0", JSONPathSyntaxError(position: 5, message: "expected `]`")),
            ("$[01]", JSONPathSyntaxError(position: 2, message: "expected an integer without leading zeros (nor `-0`)")),
            ("$[?@.a]x", JSONPathSyntaxError(position: 7, message: "expected `.`, `..`, `[` or the end of the path")),
            (
                "$[?@.* == 1]",
                JSONPathSyntaxError(position: 3, message: "expected a singular query (names and indexes only) in a comparison")
            ),
            ("$[?length(@.a)]", JSONPathSyntaxError(position: 3, message: "expected a comparison: this function gives a value")),
            ("$[?match(@.a, 'x') == true]", JSONPathSyntaxError(position: 3, message: "expected a function that gives a value")),
            ("$[?size(@)]", JSONPathSyntaxError(position: 3, message: "expected a function: length, count, match, search or value")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try JSONPathQuery(text) }
        }
        #expect(try JSONPathQuery("$['a\\'']").segments[0].selectors == [.name("a'")])
    }

    @Test func selectsInDocumentOrderFromJSONAndPropertyLists() throws {
        let json = try JSONParser.parse(Self.body)
        let names = { (text: String) throws -> [String] in
            try JSONPathQuery(text).select(in: json).map { json.value(of: $0) ?? json.literal(of: $0) }
        }
        #expect(try names("$.items[?@.price < 10 || @.name == 'book'].name") == ["pen", "book"])
        #expect(try names("$..id") == ["1", "2", "3", "E1"])
        #expect(try names("$.items[::-1].id") == ["3", "2", "1"])
        #expect(try names("$.items[?match(@.name, '[a-z]{3}')].id") == ["1", "2"])
        #expect(try names("$.items[?count(@.*) == 3 && !search(@.name, 'o')].name") == ["pen", "ink"])

        let plist = try PropertyListParser.parse(
            Data(
                #"<plist version="1.0"><dict><key>a</key><array><integer>1</integer><real>2.5</real><string>x</string></array></dict></plist>"#
                    .utf8))
        #expect(try JSONPathQuery("$.a[?@ > 1]").select(in: plist).map { plist.value(of: $0) } == ["2.5"])
    }

    /// A pattern that backtracks without end (`(a+)+$` on 64 a's and a `!`: 2^64 steps) gives up at
    /// PCRE2's match limit and counts as no match, as RFC 9535's functions have no errors; the time
    /// limit is what would fail were it to hang. Other strings still match.
    @Test(.timeLimit(.minutes(1))) func aBacktrackingSearchIsStoppedAndSelectsNothing() throws {
        let bomb = String(repeating: "a", count: 64) + "!"
        let json = try JSONParser.parse(Data(#"["\#(bomb)", "aaa", "b"]"#.utf8))
        #expect(try JSONPathQuery(#"$[?search(@, "(a+)+$")]"#).select(in: json).map { json.value(of: $0) } == ["aaa"])
        #expect(try JSONPathQuery(#"$[?match(@, "(a+)+")]"#).select(in: json).map { json.value(of: $0) } == ["aaa"])
    }

    @Test func checksReadSingularPathsAsAValueAndOthersAsTheirList() throws {
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders(), body: Self.body, document: try JSONParser.parse(Self.body), durationMilliseconds: 1)
        #expect(try facts.value(atPath: "$.errors[0]['id']") == .string("E1"))
        #expect(try facts.value(atPath: "$.items[-1].price") == .number("30"))
        #expect(try facts.value(atPath: "$.items[7]") == .missing)
        #expect(try facts.value(atPath: "$.items[?@.price > 10].id") == .array(count: 2, literal: "[2,3]"))
        #expect(try facts.value(atPath: "$.items[?@.price > 99]") == .nodes([]), "nothing selected: an empty list that does not exist")
        #expect(Assertion(.body(path: "$.items[?@.price > 99]"), .exists(false)).check(facts).passed)
        #expect(Assertion(.body(path: "$.items[?@.price > 99]"), .count(.compare(.equal, .number("0")))).check(facts).passed)
        #expect(throws: CheckProblem("`$.items[?@.price >]`: expected a query (`@`, `$`), a literal, a function or `(` at character 19")) {
            try facts.value(atPath: "$.items[?@.price >]")
        }
        let check = Assertion(.body(path: "$.items[?@.name == 'ink'].price"), .compare(.equal, .array([.number("12")])))
        #expect(check.check(facts).passed)
    }

    @Test func nodePathResolvesSingularQueriesAndSelectsWithAny() throws {
        let document = try JSONParser.parse(Self.body)
        #expect(NodePath.path(of: try NodePath.resolve("$['items'][-1]", in: document), in: document) == "$.items[2]")
        #expect(throws: NodePath.Failure(position: 7, message: "expected a path to one node (names and indexes only)")) {
            try NodePath.resolve("$.items..id", in: document)
        }
        #expect(
            try NodePath.select("$.items[?@.id > 1]", in: document).map { NodePath.path(of: $0, in: document) } == [
                "$.items[1]", "$.items[2]",
            ])
    }

    /// A query parsed once a process is the one `init` parses, and a bad one throws every time.
    @Test func aQueryParsedOnceIsTheSameAndABadOneThrowsEachTime() throws {
        for _ in 0..<2 {
            #expect(try JSONPathQuery.parsed("$.a[0].b") == JSONPathQuery("$.a[0].b"))
            #expect(throws: JSONPathSyntaxError.self) { try JSONPathQuery.parsed("$.a[") }
        }
    }
}
