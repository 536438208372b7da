import FerryCore
import Foundation
import Testing

/// What the compliance suite does not pin down: located errors, property lists.
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
}
