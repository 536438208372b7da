import FerryCore
import FerryTUI
import FerryTestSupport
import Testing

/// The Params tab's tree: editing, nesting, enabling, array styles, and what the request carries.
@Suite struct ParamsTests {
    /// A state with a URL and the Params tab focused.
    private func paramsTab(_ url: String = "http://h/anything") -> AppState {
        var state = AppState(width: 80, height: 24)
        type(url, in: &state)
        press(.tab, .character("h"), in: &state)
        return state
    }

    /// Adds a row with `key` (`a`) or a nested row (`A`) and types its `key=value` line.
    private func add(_ line: String, child: Bool = false, in state: inout AppState) {
        press(.character(child ? "A" : "a"), in: &state)
        type(line, in: &state)
        press(.enter, in: &state)
    }

    /// page=2, user { name=Ann, tags [a, b] }
    private func nestedState() -> AppState {
        var state = paramsTab()
        add("page=2", in: &state)
        add("user", in: &state)
        add("name=Ann", child: true, in: &state)
        add("tags", in: &state)
        add("=a", child: true, in: &state)
        add("=b", in: &state)
        return state
    }

    @Test func rowsBuildANestedTreeSentInTheURLForGET() throws {
        var state = nestedState()
        #expect(state.requestTab == .params)
        #expect(state.editor.params.rows.map(\.depth) == [0, 0, 1, 1, 2, 2])
        #expect(
            state.editor.params.parameters
                == .object([
                    ("page", .string("2")),
                    ("user", .object([("name", .string("Ann")), ("tags", .array([.string("a"), .string("b")]))])),
                ]))
        let request = try state.makeRequest().request
        #expect(request.url.absoluteString == "http://h/anything?page=2&user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b")
        #expect(state.editor.paramsPreview == "URL ?page=2&user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b")

        press(.character("s"), in: &state)
        #expect(state.editor.params.arrayStyle == .repeat)
        #expect(try state.makeRequest().request.url.query == "page=2&user%5Bname%5D=Ann&user%5Btags%5D=a&user%5Btags%5D=b")
    }

    @Test func disablingARowLeavesOutItsSubtreeAndKeyOrderIsAnOption() throws {
        var state = nestedState()
        press(.character("k"), .character("k"), .character(" "), in: &state)
        #expect(state.editor.params.rows[3].key == "tags")
        #expect(state.editor.params.rows[3].enabled == false)
        #expect(try state.makeRequest().request.url.query == "page=2&user%5Bname%5D=Ann")
        press(.character("g"), .character(" "), .character("o"), in: &state)
        #expect(try state.makeRequest().request.url.query == "user%5Bname%5D=Ann")
        press(.character(" "), in: &state)
        #expect(try state.makeRequest().request.url.query == "page=2&user%5Bname%5D=Ann", "o keeps keys as given; page came first anyway")
        press(.character("G"), .character("d"), .character("d"), .character("d"), .character("k"), .character("d"), in: &state)
        #expect(state.editor.params.rows.map(\.key) == ["page"])
        add("b=1", in: &state)
        add("a=1", in: &state)
        #expect(try state.makeRequest().request.url.query == "page=2&b=1&a=1")
        press(.character("o"), in: &state)
        #expect(try state.makeRequest().request.url.query == "a=1&b=1&page=2")
    }

    @Test func postSendsAFormBodyAndABodyLeavesNoRoomForIt() throws {
        var state = paramsTab()
        add("q=a b&c", in: &state)
        press(.character("1"), .character("m"), in: &state)
        #expect(state.editor.method == .post)
        #expect(state.editor.paramsPreview == "form body q=a%20b%26c")
        let request = try state.makeRequest().request
        #expect(request.url.query == nil)
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        guard case .bytes(let body) = request.body else { Issue.record("no body: \(request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == "q=a%20b%26c")

        state.editor.body = TextArea("raw")
        #expect(throws: FerryError.self) { try state.makeRequest().request }
        press(.control("r"), in: &state)
        guard case .failed(let chain, _) = state.exchange else { Issue.record("sent anyway"); return }
        #expect(chain.links.first?.message.contains("Body tab leaves no room") == true)
    }

    /// Issue 32: parameters added to a POST with a body went nowhere ("the Body tab leaves no room");
    /// the first one now puts them in the URL query, and the status line says so.
    @Test func parametersAddedBesideABodyGoInTheQuery() throws {
        var state = paramsTab()
        press(.character("1"), .character("m"), .character("3"), in: &state)
        #expect(state.editor.method == .post)
        state.editor.body = TextArea(#"{"a": 1}"#)
        add("page=2", in: &state)
        #expect(state.editor.params.placement == .query)
        #expect(state.notice?.contains("URL query") == true, "\(state.notice ?? "no notice")")
        #expect(state.editor.paramsPreview == "URL ?page=2")
        let request = try state.makeRequest().request
        #expect(request.url.query == "page=2")
        guard case .bytes(let body) = request.body else { Issue.record("no body: \(request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == #"{"a": 1}"#)
    }

    @Test func uMovesTheParametersToTheQueryOrTheBodyAndVariablesAreFilledIn() throws {
        var state = paramsTab()
        add("q={{term}}", in: &state)
        state.collection.variables = [Variable(name: "term", value: "a&b", isSecret: true)]
        press(.character("1"), .character("m"), .character("3"), .character("u"), in: &state)
        #expect(state.editor.params.placement == .query)
        #expect(state.editor.paramsPreview.hasPrefix("URL ?"), "a POST's parameters go in the query now")
        state.editor.body = TextArea("raw")
        var sent = try state.makeRequest()
        #expect(sent.request.url.query == "q=a%26b", "beside a text body")
        #expect(
            sent.redaction.redact(sent.request.url.absoluteString).hasSuffix("q={{term}}"), "a secret parameter is hidden in the history")
        press(.character("u"), in: &state)
        #expect(state.editor.params.placement == .body)
        state.editor.body = TextArea()
        state.editor.method = .get
        sent = try state.makeRequest()
        #expect(sent.request.url.query == nil, "a GET with parameters placed in the body")
        #expect(try String(decoding: bodyBytes(of: sent.request), as: UTF8.self) == "q=a%26b")
        state.collection.variables = []
        #expect(throws: FerryError.self, "an unresolved variable in a parameter stops the send") { try state.makeRequest() }
    }

    @Test func nestingAndUnnestingMoveWholeSubtrees() {
        var state = paramsTab()
        add("p", in: &state)
        add("c1=1", child: true, in: &state)
        add("c2=2", in: &state)
        add("top=3", in: &state)
        #expect(state.editor.params.rows.map(\.key) == ["p", "c1", "c2", "top"])
        #expect(state.editor.params.rows.map(\.depth) == [0, 1, 1, 1])
        press(.character("<"), in: &state)
        #expect(state.editor.params.rows.map(\.depth) == [0, 1, 1, 0])
        press(.character("k"), .character("k"), .character("<"), in: &state)
        #expect(state.editor.params.rows.map(\.key) == ["p", "c2", "c1", "top"], "c1 leaves its parent and follows it")
        #expect(state.editor.params.rows.map(\.depth) == [0, 1, 0, 0])
        #expect(state.editor.params.selection == 2)
        press(.character(">"), in: &state)
        #expect(state.editor.params.rows.map(\.depth) == [0, 1, 1, 0])
        press(.character(">"), in: &state)
        #expect(state.editor.params.rows.map(\.depth) == [0, 1, 2, 0], "nested under c2, now an object")
        #expect(
            state.editor.params.parameters == .object([("p", .object([("c2", .object([("c1", .string("1"))]))])), ("top", .string("3"))]))
        press(.character("g"), .character(">"), in: &state)
        #expect(state.notice?.contains("can be nested") == true, "the first row has nothing to nest under")
        press(.character("d"), in: &state)
        #expect(state.editor.params.rows.map(\.key) == ["top"], "deleting a row deletes its subtree")
    }

    @Test func editingARowAndDroppingANewOne() {
        var state = paramsTab()
        add("a=1", in: &state)
        press(.enter, .control("u"), in: &state)
        type("a=2=3", in: &state)
        press(.enter, in: &state)
        #expect(state.editor.params.rows == [ParamRow(key: "a", value: "2=3")])
        press(.character("a"), in: &state)
        type("half", in: &state)
        press(.escape, in: &state)
        #expect(state.editor.params.rows.count == 1, "Esc drops a new row")
        press(.character("a"), .enter, in: &state)
        #expect(state.editor.params.rows.count == 1, "an empty new row is dropped")
    }
}
