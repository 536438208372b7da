import FerryCore
import Foundation
import Testing

@testable import FerryTUI

/// One keyboard model (issue 32): the keymap's data routes keys, and the footer and F1 show what the
/// room with the focus does with them.
@Suite struct KeyboardModelTests {
    private static func source(_ title: String, _ url: String) -> RequestSource {
        RequestSource(title: title, description: RequestDescription(method: .get, url: url), root: "/c")
    }

    @Test func afterF3DigitsPickPanesInsteadOfBeingTypedIntoTheURL() {
        var state = AppState(width: 100, height: 24)
        state.collection.examples = [Self.source("json", "{{baseURL}}/json"), Self.source("gzip", "{{baseURL}}/gzip")]
        #expect(state.focus == .url)
        press(.function(3), .character("4"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/gzip")
        #expect(state.focus == .response)
        press(.character("2"), .character("4"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/gzip4", "in the URL field a digit is text")
    }

    /// A response long in every tab: 60 lines of JSON, 40 headers.
    private static func answered(width: Int, height: Int) throws -> AppState {
        var summary = Fixtures.summary()
        let body = "[" + (0..<60).map { "\n  {\"id\": \($0)}" }.joined(separator: ",") + "\n]"
        summary.raw = RawText(bytes: Data(body.utf8), total: Int64(body.utf8.count), type: "application/json")
        summary.bytes = BodyBytes(ByteSource(data: Data(body.utf8)))
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(body.utf8)))
        summary.headers = HTTPHeaders((0..<40).map { HTTPHeader(name: "X-Header-\($0)", value: "\($0)") })
        var state = Fixtures.state(width: width, height: height, answered: true, response: summary)
        state.collection.sidebar = Sidebar()
        _ = state.update(
            .collectionLoaded(
                (0..<40).map { CollectionItem(path: "r\($0).ferry.yaml", request: Self.source("request \($0)", "http://h/\($0)")) },
                environments: [], changed: []))
        for index in 0..<30 { state.editor.headers.append(HeaderRow(name: "X-\(index)", value: "\(index)")) }
        return state
    }

    /// Every room the focus can be in, named, with a state that puts the focus there.
    private static func rooms() throws -> [(name: String, state: AppState)] {
        let base = try answered(width: 120, height: 30)
        var rooms: [(String, AppState)] = []
        func room(_ name: String, _ change: (inout AppState) -> Void) {
            var state = base
            change(&state)
            rooms.append((name, state))
        }
        room("sidebar") { $0.focus = .sidebar }
        room("method") { $0.focus = .method }
        room("URL") { $0.focus = .url }
        for tab in RequestTab.allCases {
            room("request \(tab)") {
                $0.focus = .request
                $0.requestTab = tab
            }
        }
        room("body editor") {
            $0.focus = .request
            $0.requestTab = .body
            $0.editor.isEditingBody = true
        }
        for tab in ResponseTab.allCases where tab != .events {
            room("response \(tab)") {
                $0.focus = .response
                $0.response.tab = tab
                if tab == .tree { press(.enter, in: &$0) }
            }
        }
        room("history") { $0.history = HistoryPane() }
        return rooms
    }

    /// What a key did: the screen drawn, the effects asked for, the notice.
    private static func outcome(of key: Key, in state: AppState) -> (Canvas, [Effect], String?) {
        var state = state
        let effects = state.update(.key(key))
        return (Screen.render(state), effects, state.notice)
    }

    @Test func everyKeyTheFooterShowsDoesSomethingInItsRoom() throws {
        for (name, state) in try Self.rooms() {
            let before = (Screen.render(state), state.notice)
            let hints = FooterView.overlayHints(state) == nil ? FooterView.roomHints(state) : []
            #expect(!hints.isEmpty || state.history != nil, "\(name): the footer shows no keys")
            for hint in hints {
                let key = try #require(Key(spec: hint.keys))
                let (screen, effects, notice) = Self.outcome(of: key, in: state)
                let changed = screen != before.0 || !effects.isEmpty || notice != before.1
                #expect(changed, "\(name): \(hint.keys) (\(hint.action)) does nothing")
            }
        }
    }

    @Test func f1ListsOnlyKeysThatDoWhatItSaysInTheFocusedRoom() throws {
        for (name, state) in try Self.rooms() {
            let context = state.focusedContext
            for section in state.keymap.help(in: context) {
                for row in section.rows {
                    for spec in row.keys.split(separator: " ") {
                        let key = try #require(Key(spec: String(spec)))
                        let action = try #require(state.keymap.action(for: key, in: context))
                        #expect(action.summary == row.summary, "\(name): F1 says \(spec) does “\(row.summary)”, it does \(action)")
                    }
                }
            }
        }
    }

    /// F1 in a tab lists that tab's keys, not those of the pane's other tabs: `s` (array style) in
    /// Params, not in Headers; `p` (pretty-print) in Body; `/` in Tree and Hex, not in Headers.
    @Test func f1ListsTheFocusedTabsKeysOnly() throws {
        let base = try Self.answered(width: 120, height: 30)
        func help(_ change: (inout AppState) -> Void) -> String {
            var state = base
            change(&state)
            press(.function(1), in: &state)
            return HelpOverlay.lines(for: state).map { $0.map(\.text).joined() }.joined(separator: "\n")
        }
        let nest = Action.indentRow.summary
        let pretty = Action.prettyPrint.summary
        let search = Action.search.summary
        func requestTab(_ tab: RequestTab) -> String {
            help { state in
                state.focus = .request
                state.requestTab = tab
            }
        }
        func responseTab(_ tab: ResponseTab) -> String {
            help { state in
                state.focus = .response
                state.response.tab = tab
            }
        }
        #expect(requestTab(.params).contains(nest))
        #expect(!requestTab(.headers).contains(nest), "\(requestTab(.headers))")
        #expect(requestTab(.body).contains(pretty))
        #expect(!requestTab(.options).contains(pretty), "\(requestTab(.options))")
        #expect(requestTab(.auth).contains(Action.getToken.summary))
        #expect(!requestTab(.multipart).contains(Action.getToken.summary))
        #expect(responseTab(.hex).contains(search))
        #expect(!responseTab(.headers).contains(search), "\(responseTab(.headers))")
        #expect(!responseTab(.timeline).contains(Action.composeMessage.summary))
    }

    /// The wheel over an open overlay scrolls it (help, a sheet, the palette, the history), not the pane beneath.
    @Test func theWheelScrollsTheOverlayNotThePaneBeneath() throws {
        let base = try Self.answered(width: 120, height: 30)
        let layout = base.layout
        let wheel = Message.mouse(MouseEvent(.wheelDown, x: layout.responsePane.x + 10, y: layout.responsePane.y + 5))
        let tree = base.exchange.summary?.tree.selection

        var state = base
        state.focus = .response
        press(.function(1), in: &state)
        _ = state.update(wheel)
        #expect(state.overlays.helpScroll == AppState.wheelStep, "the help scrolls")
        #expect(state.exchange.summary?.tree.selection == tree, "the tree beneath stays")

        state = base
        _ = state.update(.sheet(Sheet(title: "lines", lines: (0..<100).map { "line \($0)" })))
        _ = state.update(wheel)
        #expect(state.overlays.sheet?.scroll == AppState.wheelStep, "the sheet scrolls")

        state = base
        press(.control("p"), in: &state)
        _ = state.update(wheel)
        #expect(state.overlays.palette?.selection == AppState.wheelStep, "the palette's selection moves")

        state = base
        press(.function(5), in: &state)
        _ = state.update(
            .historyListed((0..<50).map { HistoryRow(id: Int64($0), time: Date(), method: "GET", status: 200, url: "http://h/\($0)") }))
        _ = state.update(wheel)
        #expect(state.history?.selection == AppState.wheelStep, "the history's selection moves")
        #expect(state.collection.sidebar?.selection == base.collection.sidebar?.selection)
    }

    @Test func printableKeysInATextFieldOnlyEditIt() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .url
        state.editor.url = TextField("")
        let printable = (32..<127).compactMap { UnicodeScalar($0).map(Character.init) }
        for character in printable {
            var typed = state
            let effects = typed.update(.key(.character(character)))
            #expect(effects.isEmpty && typed.focus == .url && typed.editor.url.text == String(character), "\(character) in the URL")
        }
    }

    @Test func escapeAlwaysLeavesTheField() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .url
        press(.escape, in: &state)
        #expect(state.context != .line)
        state.focus = .request
        state.requestTab = .headers
        press(.enter, in: &state)
        #expect(state.context == .line)
        press(.escape, in: &state)
        #expect(state.context == .request)
        state.requestTab = .body
        press(.enter, in: &state)
        #expect(state.context == .body)
        press(.escape, in: &state)
        #expect(state.context == .request)
    }

    /// g, G, Home, End, PgUp, PgDn, Ctrl-D and Ctrl-U move in every list and view.
    @Test func movementKeysWorkInEveryListAndView() throws {
        let keys: [(Key, Key)] = [(.character("G"), .character("g")), (.end, .home), (.pageDown, .pageUp), (.control("d"), .control("u"))]
        for (name, state) in try Self.rooms()
        where ["sidebar", "response tree", "response raw", "response hex", "request headers"].contains(name) {
            let text = { (state: AppState) in (0..<state.height).map(Screen.render(state).text(row:)) }
            let top = text(state)
            for (forward, back) in keys {
                var moved = state
                press(forward, in: &moved)
                #expect(text(moved) != top, "\(name): \(forward.spec) moves nothing")
                press(back, in: &moved)
                #expect(text(moved) == top, "\(name): \(back.spec) does not come back")
            }
        }
    }

    @Test func theWheelScrollsThePaneUnderThePointer() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .response
        let layout = state.layout
        let before = state.collection.sidebar!.selection
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: layout.sidebar.x + 2, y: layout.sidebar.y + 3)))
        #expect(state.collection.sidebar!.selection > before)
        #expect(state.focus == .response, "the focus stays")
    }
}
