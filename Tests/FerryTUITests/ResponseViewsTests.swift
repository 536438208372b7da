import FerryCore
import FerryTUI
import Foundation
import Testing

/// The response views beyond the basic tabs: Tree levels, search and jump, Hex, pretty Raw and
/// Errors' jump to an offset, through `update` and as rendered.
@Suite struct ResponseViewsTests {
    private static let body = #"{"user":{"name":"Ada","tags":["x","y"]},"ok":true}"#

    /// A state answered with `body` (parsed as a real response would be), focused on the Tree tab.
    private func state(_ body: String = Self.body, type: String = "application/json", width: Int = 80, height: Int = 24) -> AppState {
        let data = Data(body.utf8)
        let response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1", headers: ["Content-Type": type],
            body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: "http://127.0.0.1/json",
            remoteAddress: nil, redirects: [], timeline: Timeline(start: Date(timeIntervalSince1970: 0)),
            sent: SentRequest(requestLine: "GET /json HTTP/1.1", headers: ["Accept": "*/*"], bodyBytes: 0))
        var state = Fixtures.state(
            width: width, height: height, answered: true, response: ResponseSummary(response, method: .get, accept: "*/*"))
        _ = state.update(.key(.character("h")))
        _ = state.update(.key(.character("C")))  // the tree opens as deep as fits: these tests start from its root
        return state
    }

    /// Runs the searches the effects ask for, as the runtime would, and feeds the results back.
    private func runSearches(_ effects: [Effect], _ state: inout AppState) {
        for case .search(let search) in effects { _ = state.update(.searchFinished(search.run())) }
    }

    private func tree(_ state: AppState) -> DocumentTree { state.exchange.summary!.tree }

    private func pane(_ state: AppState) -> (canvas: Canvas, rect: Rect, text: String) {
        let canvas = Screen.render(state)
        let rect = state.layout.responsePane
        return (canvas, rect, (rect.y..<rect.maxY).map { canvas.text(row: $0) }.joined(separator: "\n"))
    }

    // MARK: - Tree levels

    @Test func expandAllAndLevelByLevel() {
        var state = state()
        press([.character("*")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 3, 3, 1])
        press([.character("-")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 1])
        press([.character("-")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 1])
        press([.character("+")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 1])
        press([.character("+")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 3, 3, 1])
        press([.down, .down, .down, .character("C")], in: &state)
        #expect(tree(state).rows.count == 1)
        #expect(tree(state).selectedPath == "$")
    }

    @Test func expandAllOnlyBelowTheSelection() {
        var state = state(#"{"a":{"b":[1,2]},"c":{"d":{"e":3}}}"#)
        press([.enter, .down, .down, .character("E")], in: &state)
        #expect(tree(state).selectedPath == "$.c")
        #expect(tree(state).rows.map(\.depth) == [0, 1, 1, 2, 3])
    }

    // MARK: - Search and jump

    @Test func incrementalSearchRevealsMatchesAndCounts() {
        var state = state()
        press([.character("/")], in: &state)
        #expect(state.context == .line)
        let effects = type("A", in: &state)
        #expect(effects.count == 1, "one search per edit")
        #expect(state.response.views.search?.counter == "searching…")
        runSearches(effects, &state)
        // "a" (any case) is in the key "name" (value "Ada" is the same node) and the key "tags".
        #expect(state.response.views.search?.counter == "1/2")
        #expect(tree(state).selectedPath == "$.user.name")
        #expect(pane(state).text.contains("/A  1/2"))
        press([.enter], in: &state)
        #expect(state.response.views.prompt == nil)
        #expect(state.context == .tree)
        press([.character("n")], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags")
        #expect(state.notice == "/A: 2/2")
        press([.character("n")], in: &state)
        #expect(tree(state).selectedPath == "$.user.name")
        press([.character("N")], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags")
    }

    @Test func aStaleSearchResultIsIgnoredAndEscDropsTheSearch() {
        var state = state()
        press([.character("/")], in: &state)
        let first = type("t", in: &state)
        let second = type("a", in: &state)
        runSearches(second, &state)
        runSearches(first, &state)
        #expect(state.response.views.search?.query == "ta")
        #expect(state.response.views.search?.counter == "1/1")
        #expect(tree(state).selectedPath == "$.user.tags")
        press([.tab, .left, .backspace], in: &state)
        #expect(state.focus == .response, "the prompt keeps the keys")
        #expect(state.response.views.prompt?.field.text == "a")
        press([.escape], in: &state)
        #expect(state.response.views.prompt == nil)
        #expect(state.response.views.search == nil)
    }

    @Test func jumpToAPath() {
        var state = state()
        press([.character(":")], in: &state)
        _ = type("$.user.tags[1]", in: &state)
        press([.enter], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags[1]")
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 3, 3, 1])
        press([.character(":")], in: &state)
        _ = type("$.user.nope", in: &state)
        press([.enter], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags[1]")
        #expect(state.notice?.hasPrefix("no node at $.user.nope") == true)
    }

    // MARK: - Hex

    @Test func hexFollowsTheTreeSelectionAndHighlightsIt() {
        var state = state()
        press([.enter, .down, .character("l"), .character("l")], in: &state)
        #expect(state.response.tab == .hex)
        #expect(state.response.views.hexMark == 8..<39, "the bytes of $.user")
        let (canvas, rect, text) = pane(state)
        #expect(text == HexSnapshots.followed, "\n\(text)")
        // Byte 7 (`:`) is plain, byte 8 (`{`) is highlighted, in the hex column and in the ASCII column.
        let row = rect.y + 1
        #expect(canvas[rect.x + 1 + 10 + 7 * 3, row].style == state.theme[.base])
        #expect(canvas[rect.x + 1 + 10 + 8 * 3 + 1, row].style == state.theme[.selection])
        #expect(canvas[rect.x + 1 + 10 + 48 + 3 + 7, row].style == state.theme[.base])
        #expect(canvas[rect.x + 1 + 10 + 48 + 3 + 8, row].style == state.theme[.selection])
    }

    @Test func hexJumpsToAnOffsetAndSearchesBytes() {
        var state = state(#"{"pad":""# + String(repeating: "x", count: 200) + #"","tail":"dead"}"#)
        press([.character("l"), .character("l"), .character(":")], in: &state)
        _ = type("0xa0", in: &state)
        press([.enter], in: &state)
        #expect(state.response.views.hexMark == 160..<161)
        #expect(state.response.scroll[.hex] == 8)
        #expect(pane(state).text.contains("000000a0  78 78"))

        press([.character("g"), .character("/")], in: &state)
        runSearches(type("64 65", in: &state), &state)
        let offset = Int64(Self.offsets(of: Array("de".utf8), in: Array(state.exchange.summary!.tree.document!.bytes)).first!)
        #expect(state.response.views.hexMark == offset..<offset + 2)
        #expect(state.response.views.search?.counter == "1/1")

        press([.enter, .character("/")], in: &state)
        runSearches(type("x", in: &state), &state)
        #expect(state.response.views.search?.counter == "1/200")
        press([.enter, .character("N")], in: &state)
        #expect(state.response.views.hexMark == 207..<208, "the last x, wrapping backwards")
    }

    @Test func byteQueries() {
        #expect(ByteQuery.needle("de ad") == [0xDE, 0xAD])
        #expect(ByteQuery.needle("0xDEADbeef") == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(ByteQuery.needle("dead") == Array("dead".utf8))
        #expect(ByteQuery.needle("de zz") == Array("de zz".utf8))
        #expect(ByteQuery.needle("") == nil)
        #expect(ByteQuery.offset("0x1F") == 31)
        #expect(ByteQuery.offset(" 42 ") == 42)
        #expect(ByteQuery.offset("-3") == nil)
        #expect(ByteQuery.offset("x") == nil)
    }

    // MARK: - Raw and Errors

    @Test func rawPrettyOrAsReceived() {
        var state = state()
        press([.character("l")], in: &state)
        #expect(pane(state).text.contains(Self.body))
        press([.character("p")], in: &state)
        let pretty = pane(state).text.split(separator: "\n").map(String.init)
        #expect(pretty[1].hasPrefix("│{ "))
        #expect(pretty[2].hasPrefix(#"│  "user": {"#))
        #expect(pretty[3].hasPrefix(#"│    "name": "Ada","#))
        press([.character("p")], in: &state)
        #expect(pane(state).text.contains(Self.body))
    }

    @Test func rawScrollsToTheTreeSelection() {
        let body = "{\n" + (0..<40).map { #"  "k\#($0)": \#($0),"# }.joined(separator: "\n") + "\n  \"last\": true\n}"
        var state = state(body)
        press([.enter, .character("G"), .character("l")], in: &state)
        #expect(tree(state).selectedPath == "$.last")
        #expect(state.response.scroll[.raw] == 39)
        #expect(pane(state).text.contains(#""last": true"#))
    }

    @Test func errorsEnterShowsTheParseErrorsByteInHex() {
        var state = state(#"{"a": 1,, "b": 2}"#)
        press([.character("l"), .character("l"), .character("l"), .character("l")], in: &state)
        #expect(state.response.tab == .errors)
        let text = pane(state).text
        #expect(text.contains("offset: 8"))
        #expect(text.contains("Enter shows byte 8 in Hex."))
        press([.enter], in: &state)
        #expect(state.response.tab == .hex)
        #expect(state.response.views.hexMark == 8..<9)
    }

    @Test func errorsListSchemaViolationsAndEnterSelectsTheFirstInTheTree() throws {
        let schema = try SchemaValidator(
            try JSONParser.parse(Data(#"{"properties": {"user": {"properties": {"tags": {"items": {"type": "integer"}}}}}}"#.utf8)))
        let check = Assertion(.schema(BodySchema(file: "user.json", json: nil, compiled: schema)), .compare(.equal, .bool(true)))
        let data = Data(Self.body.utf8)
        let response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1", headers: ["Content-Type": "application/json"],
            body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: "http://127.0.0.1/json",
            remoteAddress: nil, redirects: [], timeline: Timeline(start: Date(timeIntervalSince1970: 0)),
            sent: SentRequest(requestLine: "GET /json HTTP/1.1", headers: ["Accept": "*/*"], bodyBytes: 0))
        let concluded = ResponseConclusion(
            evaluator: ResponseExpectations().evaluator(accept: "*/*", fallback: .auto), checks: ResponseChecks(assertions: [check])
        ).conclude(response, method: .get)
        var state = Fixtures.state(width: 100, height: 30, answered: true, response: ResponseSummary(concluded))
        _ = state.update(.key(.character("h")))
        _ = state.update(.key(.character("C")))
        press([.character("l"), .character("l"), .character("l"), .character("l")], in: &state)
        #expect(state.response.tab == .errors)
        let text = pane(state).text
        #expect(text.contains("✗ body matches schema user.json  (2 violations of user.json:)"), "\(text)")
        #expect(text.contains("✗ /user/tags/0 (1:31): expected integer, found string [#/properties/user/properties/tags/item"))
        #expect(text.contains("Enter selects /user/tags/0 in the Tree."))
        press([.enter], in: &state)
        #expect(state.response.tab == .tree)
        #expect(tree(state).selectedPath == "$.user.tags[0]")
    }

    private static func offsets(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<$0 + needle.count]) == needle }
    }
}

enum HexSnapshots {
    static let followed = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────────────────────────┐
        │00000000  7b 22 75 73 65 72 22 3a  7b 22 6e 61 6d 65 22 3a  |{"user":{"name":|│
        │00000010  22 41 64 61 22 2c 22 74  61 67 73 22 3a 5b 22 78  |"Ada","tags":["x|│
        │00000020  22 2c 22 79 22 5d 7d 2c  22 6f 6b 22 3a 74 72 75  |","y"]},"ok":tru|│
        │00000030  65 7d                                             |e}|              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘
        """#
}
